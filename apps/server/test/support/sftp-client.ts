/**
 * The real OpenSSH client against a test server's inbox: `sftp -b` in batch mode (a command
 * prefixed with `-` may fail without ending the batch), the password given by sshpass, on
 * 127.0.0.1 only. Nothing of SSH is mocked.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { freshEan13 } from './ddex-fixtures.js';

export interface SftpRun {
  code: number | null;
  /** stdout and stderr together, in order of arrival. */
  output: string;
}

/** Runs `sftp -b` with `commands` (one per line) in `cwd`, as `user` with `password`. */
export function sftpBatch(o: { port: number; user: string; password: string; commands: string[]; cwd?: string; timeoutMs?: number; extraArgs?: string[] }): Promise<SftpRun> {
  const batchFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sftp-batch-')), 'commands');
  fs.writeFileSync(batchFile, o.commands.join('\n') + '\n');
  const args = ['-e', 'sftp', '-oStrictHostKeyChecking=no', '-oUserKnownHostsFile=/dev/null', '-oBatchMode=no', '-oLogLevel=ERROR', '-oNumberOfPasswordPrompts=1', '-oPreferredAuthentications=password,publickey', '-P', String(o.port), ...(o.extraArgs ?? []), '-b', batchFile, `${o.user}@127.0.0.1`];
  return new Promise((resolve) => {
    const child = spawn('sshpass', args, { cwd: o.cwd, env: { ...process.env, SSHPASS: o.password }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), o.timeoutMs ?? 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      fs.rmSync(path.dirname(batchFile), { recursive: true, force: true });
      resolve({ code, output });
    });
  });
}

const ALBUM_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../../fixtures/batches/album-43');
const ALBUM_UPC = '5012345678900';

/**
 * The fixture album (fixtures/batches/album-43) as a local folder with a fresh UPC and ISRCs:
 * message, `resources/`, and its marker `BatchComplete_<upc>.complete`.
 */
export function albumFolder(parent: string, name = 'album'): { dir: string; upc: string; files: string[] } {
  const upc = freshEan13();
  const registrant = Array.from({ length: 3 }, () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[crypto.randomInt(26)]).join('');
  const dir = path.join(parent, name);
  fs.mkdirSync(path.join(dir, 'resources'), { recursive: true });
  const xml = fs.readFileSync(path.join(ALBUM_DIR, `${ALBUM_UPC}.xml`), 'utf8').replaceAll(ALBUM_UPC, upc).replaceAll('GBXYZ26', `GB${registrant}26`);
  fs.writeFileSync(path.join(dir, `${upc}.xml`), xml);
  for (const f of fs.readdirSync(path.join(ALBUM_DIR, 'resources'))) fs.copyFileSync(path.join(ALBUM_DIR, 'resources', f), path.join(dir, 'resources', f));
  fs.writeFileSync(path.join(dir, `BatchComplete_${upc}.complete`), '');
  return { dir, upc, files: [`${upc}.xml`, ...fs.readdirSync(path.join(dir, 'resources')).map((f) => `resources/${f}`)] };
}

/** sftp commands uploading a local batch folder to `/<area>/<name>/`, the marker last. */
export function uploadBatchCommands(local: string, area: 'production' | 'test', name: string, o: { marker?: boolean } = {}): string[] {
  const files = fs.readdirSync(local);
  const marker = files.find((f) => /\.complete$|^BatchComplete_.*\.xml$/i.test(f));
  const commands = [`mkdir /${area}/${name}`];
  for (const f of files.filter((f) => f !== marker)) {
    if (fs.statSync(path.join(local, f)).isDirectory()) commands.push(`mkdir /${area}/${name}/${f}`, `put ${path.join(local, f)}/* /${area}/${name}/${f}/`);
    else commands.push(`put ${path.join(local, f)} /${area}/${name}/`);
  }
  if (marker && o.marker !== false) commands.push(`put ${path.join(local, marker)} /${area}/${name}/`);
  return commands;
}

export async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
