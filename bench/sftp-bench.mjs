#!/usr/bin/env node
/**
 * The SFTP inbox against OpenSSH's own sftp-server, in one run on loopback: the same file (1 GB of
 * random bytes by default) uploaded with OpenSSH's `sftp -b` into the inbox (/production/<batch>/,
 * no marker: nothing is imported) and into a Debian sshd started here on a free port (generated
 * config and host key, `Subsystem sftp /usr/lib/openssh/sftp-server`, the same client key for
 * both), alternated over `--rounds` (3) rounds, best of each: the machine is shared, a single
 * pair swings with its load. Prints MB/s of each, their ratio, and the server's idle and peak RSS.
 *   node bench/sftp-bench.mjs [--gb 1] [--rounds 3]
 */
import crypto from 'node:crypto';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { arg, repo, startBenchServer } from './lib/bench-server.mjs';

const GB = arg('gb', 1);
const ROUNDS = arg('rounds', 3);
const size = Math.round(GB * 1024 ** 3);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ddex-sftp-bench-'));
const source = path.join(dir, 'big.bin');
const bin = path.join(repo, 'apps/server/bin/ddex-server.js');

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

// The bytes: random, written once (not timed).
{
  const out = fs.createWriteStream(source);
  const chunk = crypto.randomBytes(8 * 1024 * 1024);
  for (let written = 0; written < size; written += chunk.length) {
    if (!out.write(written + chunk.length <= size ? chunk : chunk.subarray(0, size - written))) await new Promise((r) => out.once('drain', r));
  }
  await new Promise((r) => out.end(r));
}
const clientKey = path.join(dir, 'client_key');
execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', clientKey]);

/** Uploads `source` with `sftp -b` to `target`; returns seconds. */
function upload(port, user, target) {
  const batch = path.join(dir, 'batch');
  fs.writeFileSync(batch, `put ${source} ${target}\n`);
  const args = ['-q', '-oStrictHostKeyChecking=no', '-oUserKnownHostsFile=/dev/null', '-oLogLevel=ERROR', '-oIdentitiesOnly=yes', '-i', clientKey, '-P', String(port), '-b', batch, `${user}@127.0.0.1`];
  const t0 = process.hrtime.bigint();
  execFileSync('sftp', args, { stdio: ['ignore', 'ignore', 'inherit'] });
  return Number(process.hrtime.bigint() - t0) / 1e9;
}

// 1. OpenSSH: sshd on a free loopback port, its own host key, this user's key authorized.
const sshdPort = await freePort();
const hostKey = path.join(dir, 'host_key');
execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', hostKey]);
fs.writeFileSync(path.join(dir, 'authorized_keys'), fs.readFileSync(`${clientKey}.pub`), { mode: 0o600 });
const sshdConfig = path.join(dir, 'sshd_config');
fs.writeFileSync(
  sshdConfig,
  [
    `ListenAddress 127.0.0.1`,
    `HostKey ${hostKey}`,
    `PidFile ${path.join(dir, 'sshd.pid')}`,
    `AuthorizedKeysFile ${path.join(dir, 'authorized_keys')}`,
    'PasswordAuthentication no',
    'KbdInteractiveAuthentication no',
    'PubkeyAuthentication yes',
    'PermitRootLogin prohibit-password',
    'StrictModes no',
    'UsePAM no',
    'Subsystem sftp /usr/lib/openssh/sftp-server',
  ].join('\n') + '\n',
);
fs.mkdirSync('/run/sshd', { recursive: true });
const sshd = spawn('/usr/sbin/sshd', ['-D', '-e', '-f', sshdConfig, '-p', String(sshdPort)], { stdio: ['ignore', 'ignore', 'pipe'] });
let sshdErr = '';
sshd.stderr.on('data', (d) => (sshdErr += d));
for (let i = 0; i < 100 && !(await new Promise((r) => net.connect(sshdPort, '127.0.0.1').once('connect', function () { this.destroy(); r(true); }).once('error', () => r(false)))); i++) await new Promise((r) => setTimeout(r, 100));
const sshdTarget = path.join(dir, 'sshd-target');
fs.mkdirSync(sshdTarget);
const user = os.userInfo().username;

// 2. The inbox: the server with every role, its own data directory, a login with the same client key.
const dataDir = path.join(dir, 'data');
const inboxPort = await freePort();
const env = { ...process.env, DATA_DIR: dataDir, SFTP_PORT: String(inboxPort) };
delete env.DATABASE_URL;
const server = await startBenchServer(env, { scopes: ['ddex:write'] });
const admin = (...args) => JSON.parse(execFileSync(process.execPath, [bin, 'admin', '--json', ...args], { env, encoding: 'utf8' }));
const login = admin('sftp', 'create', '--account', String(server.account.id));
admin('sftp', 'add-key', '--account', String(server.account.id), '--key-file', `${clientKey}.pub`);
fs.mkdirSync(path.join(dataDir, 'sftp/accounts', String(server.account.id), 'tree/production/bench'), { recursive: true });

try {
  // OpenSSH, then the inbox, one after the other (never at once: they would share the cores), in rounds.
  const times = { sshd: [], inbox: [] };
  const stored = path.join(dataDir, 'sftp/accounts', String(server.account.id), 'tree/production/bench/big.bin');
  for (let round = 0; round < ROUNDS; round++) {
    times.sshd.push(upload(sshdPort, user, path.join(sshdTarget, 'big.bin')));
    times.inbox.push(upload(inboxPort, login.username, '/production/bench/big.bin'));
    if (fs.statSync(stored).size !== size || fs.statSync(path.join(sshdTarget, 'big.bin')).size !== size) throw new Error('an upload arrived incomplete');
    fs.rmSync(stored);
    fs.rmSync(path.join(sshdTarget, 'big.bin'));
  }
  const sshdS = Math.min(...times.sshd);
  const inboxS = Math.min(...times.inbox);
  const mb = size / 1024 / 1024;
  console.log(`sftp upload of ${GB} GB on loopback, best of ${ROUNDS} alternated rounds (all: OpenSSH ${times.sshd.map((t) => (size / 1024 / 1024 / t).toFixed(0)).join(', ')} MB/s; inbox ${times.inbox.map((t) => (size / 1024 / 1024 / t).toFixed(0)).join(', ')} MB/s), client ${spawnSync('ssh', ['-V'], { encoding: 'utf8' }).stderr.trim()}`);
  console.log(`  OpenSSH sshd + sftp-server: ${(mb / sshdS).toFixed(1)} MB/s (${sshdS.toFixed(1)} s)`);
  console.log(`  ddex-server inbox:          ${(mb / inboxS).toFixed(1)} MB/s (${inboxS.toFixed(1)} s)`);
  console.log(`  ratio inbox/OpenSSH:        ${(sshdS / inboxS).toFixed(2)}`);
  console.log(`  ddex-server RSS: idle ${server.idleMb().toFixed(0)} MB, peak ${server.peakMb().toFixed(0)} MB`);
} catch (error) {
  console.error(String(error), sshdErr);
  process.exitCode = 1;
} finally {
  server.stop();
  sshd.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  fs.rmSync(dir, { recursive: true, force: true });
}
