/**
 * For the server benchmarks: a `ddex-server start` child on loopback with its own data directory,
 * an account and a key made with the admin command, the process's RSS sampled while it runs, and
 * `--name value` options.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(repo, 'apps/server/bin/ddex-server.js');

export const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

/** Starts the server with `env` (DATA_DIR in it), makes an account with a key of `scopes`. */
export async function startBenchServer(env, { scopes, roles } = {}) {
  // The SFTP inbox on a free port unless the bench chose one (2222 may be taken on a shared machine).
  env = { SFTP_PORT: '0', ...env };
  const admin = (...args) => JSON.parse(execFileSync(process.execPath, [bin, 'admin', '--json', ...args], { env, encoding: 'utf8' }));
  const account = admin('account', 'create', '--name', 'Bench', '--email', 'bench@bench.test', '--plan', 'custom', '--rate', '1000000');
  const key = admin('key', 'create', '--account', String(account.id), '--name', 'bench', '--scopes', scopes.join(',')).key;
  const child = spawn(process.execPath, [bin, 'start', '--port', '0', '--host', '127.0.0.1', '--quiet', ...(roles ? ['--roles', roles] : [])], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
  });
  const rssKb = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]);
  let peakKb = rssKb();
  const idleKb = peakKb;
  const timer = setInterval(() => {
    try {
      peakKb = Math.max(peakKb, rssKb());
    } catch {}
  }, 50);
  return {
    url,
    account,
    key,
    idleMb: () => idleKb / 1024,
    peakMb: () => peakKb / 1024,
    stop() {
      clearInterval(timer);
      child.kill('SIGTERM');
    },
  };
}
