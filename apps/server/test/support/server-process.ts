/**
 * Test harness: a real `ddex-server start` child process on a fresh data directory and a fresh
 * database (SQLite file, or a new PostgreSQL database when a PostgreSQL URL is given), plus the
 * admin command, so every test goes through real HTTP and the real bin.
 */
import { spawn, spawnSync, execFile, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { DbConfig } from '../../src/db/connect.js';

const execFileAsync = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
export const SERVER_DIR = path.resolve(here, '../..');
export const REPO_ROOT = path.resolve(SERVER_DIR, '../..');
const BIN = path.join(SERVER_DIR, 'bin/ddex-server.js');

/**
 * Every test server's log (its stdout and stderr) is kept in this folder, and every credential the
 * harness sees created (keys, passwords, secrets in admin answers) is listed in its `secrets.txt`:
 * `test/scan-test-logs.mjs` then searches the whole suite's logs for them and for any credential's
 * shape (CI runs it after the suite). `DDEX_TEST_LOG_DIR`, default a folder in the temp directory.
 */
export const TEST_LOG_DIR = process.env.DDEX_TEST_LOG_DIR || path.join(os.tmpdir(), 'ddex-server-test-logs');

/** A new log file in TEST_LOG_DIR for one process (`name` says which test or role it is). */
export function testLogFile(name: string): string {
  fs.mkdirSync(TEST_LOG_DIR, { recursive: true });
  return path.join(TEST_LOG_DIR, `${name.replace(/[^\w.-]+/g, '_')}-${process.pid}-${crypto.randomBytes(4).toString('hex')}.log`);
}

const SECRET_FIELDS = new Set(['key', 'password', 'secret', 'token']);

/** Records the credentials in an admin command's answer (fields named key, password, secret, token). */
export function recordSecrets(value: unknown): void {
  const found: string[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!v || typeof v !== 'object') return;
    for (const [field, inner] of Object.entries(v)) {
      if (SECRET_FIELDS.has(field) && typeof inner === 'string' && inner.length >= 12) found.push(inner);
      else walk(inner);
    }
  };
  walk(value);
  if (!found.length) return;
  fs.mkdirSync(TEST_LOG_DIR, { recursive: true });
  fs.appendFileSync(path.join(TEST_LOG_DIR, 'secrets.txt'), found.map((s) => s + '\n').join(''));
}

export type Backend = { name: 'sqlite' } | { name: 'postgres'; adminUrl: string };

/**
 * SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. When only DATABASE_URL is set (the
 * second CI run after pg-cluster.sh start), PostgreSQL only.
 */
export function backends(): Backend[] {
  const testUrl = process.env.TEST_DATABASE_URL;
  const ciUrl = process.env.DATABASE_URL;
  if (testUrl) return [{ name: 'sqlite' }, { name: 'postgres', adminUrl: testUrl }];
  if (ciUrl && /^postgres/.test(ciUrl)) return [{ name: 'postgres', adminUrl: ciUrl }];
  return [{ name: 'sqlite' }];
}

let built = false;
/** The bin runs the compiled dist: build it once per test file (tsc -b is incremental). */
export function ensureBuilt(): void {
  if (built) return;
  let result = spawnSync('flock', ['/tmp/ddex-server-build.lock', 'npx', 'tsc', '-b', 'apps/server'], { cwd: REPO_ROOT, encoding: 'utf8' });
  // When the engine's sources are mid-change, build the server alone against the engine's last dist.
  if (result.status !== 0) result = spawnSync('flock', ['/tmp/ddex-server-build.lock', 'npx', 'tsc', '-p', 'apps/server'], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (result.status !== 0 && !fs.existsSync(path.join(SERVER_DIR, 'dist/cli.js'))) {
    throw new Error(`build of apps/server failed:\n${result.stdout}\n${result.stderr}`);
  }
  built = true;
}

async function createDatabase(adminUrl: string): Promise<string> {
  const name = `ddex_test_${crypto.randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(adminUrl: string, databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.end();
}

/** A fresh, migrated-on-open database for tests that use the server's modules directly. */
export async function freshDatabase(backend: Backend): Promise<{ config: DbConfig; drop(): Promise<void> }> {
  if (backend.name === 'postgres') {
    const url = await createDatabase(backend.adminUrl);
    return { config: { dialect: 'postgres', location: url }, drop: () => dropDatabase(backend.adminUrl, url) };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ddex-server-db-'));
  return { config: { dialect: 'sqlite', location: path.join(dir, 'test.sqlite') }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export class TestServer {
  url = '';
  /** Port of the SFTP inbox (processes with the sftp role), else 0. */
  sftpPort = 0;
  /** What the process wrote on stderr so far (start-up warnings). */
  stderr = '';
  /** The log file of the process started last (its stdout and stderr), in TEST_LOG_DIR. */
  logFile = '';
  /** `http://host:port/metrics` of the ops listener (METRICS_ADDR given), else ''. */
  metricsUrl = '';
  private child: ChildProcess | null = null;
  /** False for a process started `alongside` another: the first one's stop drops the database. */
  private ownsDatabase = true;
  private constructor(
    readonly backend: Backend,
    readonly dataDir: string,
    readonly env: NodeJS.ProcessEnv,
  ) {}

  /**
   * Another process (give it `ROLES`) on `first`'s database and clock, with a data directory of
   * its own, as on another machine: nothing of `first`'s data directory is shared.
   */
  static alongside(first: TestServer, extraEnv: Record<string, string> = {}): TestServer {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ddex-server-test-'));
    const databaseUrl = first.env.DATABASE_URL ?? `sqlite:${path.join(first.dataDir, 'ddex-server.sqlite')}`;
    const env: NodeJS.ProcessEnv = { ...first.env, ...extraEnv, DATABASE_URL: databaseUrl, DATA_DIR: dataDir };
    const server = new TestServer(first.backend, dataDir, env);
    server.ownsDatabase = false;
    return server;
  }

  static async create(backend: Backend, extraEnv: Record<string, string> = {}): Promise<TestServer> {
    ensureBuilt();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ddex-server-test-'));
    // Every test server and its admin commands share a clock file the test can move (see moveClock).
    // SFTP_PORT 0: each test server's inbox on a free port (read back as `sftpPort`), never 2222 for all.
    // SHUTDOWN_TIMEOUT 5: a test stopping a server with a job running waits 5 s for it, not 25.
    const env: NodeJS.ProcessEnv = { ...process.env, DDEX_SERVER_CLOCK_FILE: path.join(dataDir, 'test-clock'), SFTP_PORT: '0', SHUTDOWN_TIMEOUT: '5', ...extraEnv, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    delete env.TEST_DATABASE_URL;
    if (backend.name === 'postgres') env.DATABASE_URL = await createDatabase(backend.adminUrl);
    return new TestServer(backend, dataDir, env);
  }

  static async start(backend: Backend, extraEnv: Record<string, string> = {}): Promise<TestServer> {
    const server = await TestServer.create(backend, extraEnv);
    await server.start();
    return server;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** True while the server process started last is alive (it did not die on its own). */
  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(envOverride: Record<string, string | undefined> = {}, o: { copyLogTo?: string } = {}): Promise<void> {
    const env = { ...this.env, ...envOverride };
    // The log of every test server is kept (TEST_LOG_DIR); `copyLogTo` (or DDEX_TEST_SERVER_LOG=<file>):
    // a copy of this one's stdout there too (a test that reads its own server's log).
    const copyTo = o.copyLogTo ?? process.env.DDEX_TEST_SERVER_LOG;
    this.logFile = testLogFile(path.basename(this.dataDir));
    const log = fs.openSync(this.logFile, 'a');
    const args = [BIN, 'start', '--port', '0', '--host', '127.0.0.1'];
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    this.stderr = '';
    child.stderr!.on('data', (d) => {
      this.stderr += d;
      fs.writeSync(log, d);
    });
    const stderr = () => this.stderr;
    child.stdout!.on('data', (d) => {
      fs.writeSync(log, d);
      if (copyTo) fs.appendFileSync(copyTo, d);
    });
    child.once('close', () => fs.closeSync(log));
    this.url = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}\n${stderr()}`)), 30_000);
      child.stdout!.on('data', (d) => {
        out += d;
        // A process without the api role serves no HTTP: it says it runs.
        const m = /listening on (http:\/\/\S+)|ddex-server running/.exec(out);
        if (m) {
          this.sftpPort = Number(/sftp inbox on \S+:(\d+)/.exec(out)?.[1] ?? 0);
          this.metricsUrl = /metrics on (http:\/\/\S+)/.exec(out)?.[1] ?? '';
          clearTimeout(timer);
          resolve(m[1] ?? '');
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`server exited (${code}) before listening:\n${out}\n${stderr()}`));
      });
    });
  }

  /** kill -9: no shutdown code runs. */
  async crash(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    this.child = null;
  }

  /** SIGTERM, and SIGKILL after `killAfterMs`: how the process ended (`signal` SIGKILL: it had to be killed). */
  async stopProcess(killAfterMs = 10_000): Promise<{ code: number | null; signal: NodeJS.Signals | null } | null> {
    const child = this.child;
    if (!child || child.exitCode !== null) return null;
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => child.once('exit', (code, signal) => r({ code, signal })));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    const how = await exited;
    clearTimeout(timer);
    this.child = null;
    return how;
  }

  /** Sends a signal to the running process (without waiting for it to end). */
  signal(signal: NodeJS.Signals): void {
    this.child?.kill(signal);
  }

  /** Resolves when the running process ends: how it ended. */
  exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    const child = this.child!;
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
    return new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));
  }

  async stop(): Promise<void> {
    await this.stopProcess();
    if (this.ownsDatabase && this.backend.name === 'postgres' && this.env.DATABASE_URL) await dropDatabase(this.backend.adminUrl, this.env.DATABASE_URL);
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** Moves the clock of the server and its admin commands to `ms` milliseconds after the real time (0: back). */
  moveClock(ms: number): void {
    fs.writeFileSync(this.env.DDEX_SERVER_CLOCK_FILE!, String(Math.round(ms)));
  }

  /** Runs `ddex-server admin --json …` against this server's data and returns the parsed output. */
  async admin<T = any>(...args: string[]): Promise<T> {
    const { stdout } = await execFileAsync(process.execPath, [BIN, 'admin', '--json', ...args], { env: this.env });
    const answer = JSON.parse(stdout) as T;
    recordSecrets(answer);
    return answer;
  }

  fetch(pathAndQuery: string, init: RequestInit = {}): Promise<Response> {
    return fetch(this.url + pathAndQuery, init);
  }
}

/** An account with its own catalog, a member and a key with the given scopes. */
export async function setUpAccount(server: TestServer, o: { name?: string; plan?: string; scopes?: string[]; rate?: number; inactive?: boolean } = {}) {
  const email = `${crypto.randomBytes(4).toString('hex')}@partner.test`;
  const args = ['account', 'create', '--name', o.name ?? `Partner ${email}`, '--email', email, '--plan', o.plan ?? 'enterprise'];
  if (o.rate) args.push('--rate', String(o.rate));
  if (o.inactive) args.push('--inactive');
  const account = await server.admin<{ id: number; own_member_id: number }>(...args);
  const member = await server.admin<{ id: number }>('member', 'create', '--account', String(account.id), '--email', `artist-${email}`, '--name', 'An Artist', '--kind', 'artist');
  const key = await server.admin<{ id: number; key: string; prefix: string }>('key', 'create', '--account', String(account.id), '--name', 'test key', '--scopes', (o.scopes ?? ['ddex:write']).join(','));
  return { accountId: account.id, ownMemberId: account.own_member_id, memberId: member.id, key: key.key, keyId: key.id, prefix: key.prefix, email };
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
