/**
 * The SSH server of the `sftp` role (ssh2): password or public-key login per account, the SFTP
 * subsystem and nothing else (no shell, exec, port forwarding or agent). Failed logins wait
 * `failedLoginDelayMs` and count against the client's address; an address with too many is locked
 * out for a while (in the database: every process sees it). A revoked login's open sessions end
 * within `sessionCheckMs`, whichever process serves them.
 */
import net from 'node:net';
import crypto from 'node:crypto';
import ssh2 from 'ssh2';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { loadOrCreateHostKey } from './host-key.js';
import { InboxTree } from './inbox-tree.js';
import { activeLogin, clearFailures, isLockedOut, passwordMatches, publicKeyOf, recordFailure, type LockoutPolicy, type LoginRow } from './logins.js';
import { serveSftp } from './sftp-session.js';
import { sftpSessionsOpen, sftpSessionsTotal } from '../ops/metrics.js';

export interface SftpSettings {
  port: number;
  host: string;
  failedLoginDelayMs: number;
  lockout: LockoutPolicy;
  sessionCheckMs: number;
  maxFileBytes: number;
}

/**
 * OpenSSL's AES only. ssh2's chacha20-poly1305 needs its optional native addon (not built here) and
 * runs in JavaScript several times slower, yet OpenSSH clients ask for it first: leaving it out makes
 * them pick AES (every SSH client since 2006 has aes-ctr). `SFTP_CIPHERS` (comma-separated) overrides.
 */
const CIPHERS = (process.env.SFTP_CIPHERS?.split(',').map((c) => c.trim()).filter(Boolean) ?? ['aes128-gcm@openssh.com', 'aes256-gcm@openssh.com', 'aes128-ctr', 'aes192-ctr', 'aes256-ctr']) as ssh2.CipherAlgorithm[];

const LOGIN_GRACE_MS = Number(process.env.SFTP_LOGIN_GRACE_MS ?? 60_000);
const MAX_WAITING_PER_ADDRESS = Number(process.env.SFTP_MAX_UNAUTHENTICATED_PER_ADDRESS ?? 20);
/**
 * How far a handle's writes may run ahead of its first unwritten byte. Clients keep a few MB in
 * flight (OpenSSH 64 × 32 KiB, WinSCP and lftp a few MB); 64 MiB leaves room for any of them, and
 * is all the holes a file can ever hold, however few bytes were sent.
 */
const WRITE_WINDOW_BYTES = positiveInt('SFTP_WRITE_WINDOW_BYTES', 64 * 1024 * 1024);

function positiveInt(name: string, fallback: number): number {
  const given = process.env[name];
  if (given === undefined || given === '') return fallback;
  const value = Number(given);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a whole number of bytes above 0 (got "${given}")`);
  return value;
}

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  /** pino's child logger: each connection's lines carry its `sftpSession` id. */
  child?(bindings: Record<string, unknown>): Log;
}

/** A log whose every line names the connection (`sftpSession`). */
function sessionLog(log: Log, sftpSession: string): Log {
  if (log.child) return log.child({ sftpSession });
  return { info: (obj, msg) => log.info({ sftpSession, ...obj }, msg), warn: (obj, msg) => log.warn({ sftpSession, ...obj }, msg) };
}

export class SftpInbox {
  private tcp: net.Server | null = null;
  private readonly sessions = new Map<ssh2.Connection, number>();
  /** Every connection until it closes, logged in or not (shutdown waits for their goodbyes). */
  private readonly connections = new Set<ssh2.Connection>();
  /** Sockets not logged in yet, by `address:port` (what ssh2 tells of a client), for the grace timer. */
  private readonly notLoggedIn = new Map<string, net.Socket>();
  private watch: NodeJS.Timeout | null = null;
  readonly tree: InboxTree;

  constructor(
    private readonly o: { db: Kysely<Database>; dataDir: string; settings: SftpSettings; log: Log },
  ) {
    this.tree = new InboxTree(o.dataDir);
  }

  /** Listens; returns the port (the given one, or the one picked for port 0). */
  async start(): Promise<number> {
    const hostKey = await loadOrCreateHostKey(this.o.db, this.o.dataDir);
    const ssh = new ssh2.Server({ hostKeys: [hostKey], ident: 'ddex-server-sftp', algorithms: { cipher: CIPHERS } }, (client, info) => this.onClient(client, info));
    // Our own listener hands each socket to ssh2: it sees connections that never send a byte too.
    const tcp = net.createServer((socket) => {
      // SFTP answers are small packets the client waits for (64 writes in flight): Nagle's
      // algorithm would hold each behind the previous one's ACK.
      socket.setNoDelay(true);
      const key = `${socket.remoteAddress}:${socket.remotePort}`;
      // One address holds at most a few connections that have not logged in (a flood costs it, not others).
      const waiting = [...this.notLoggedIn.values()].filter((s) => s.remoteAddress === socket.remoteAddress).length;
      if (waiting >= MAX_WAITING_PER_ADDRESS) return void socket.destroy();
      this.notLoggedIn.set(key, socket);
      // Not logged in within the grace time: closed (OpenSSH's LoginGraceTime).
      const grace = setTimeout(() => this.notLoggedIn.get(key) === socket && socket.destroy(), LOGIN_GRACE_MS);
      socket.once('close', () => {
        clearTimeout(grace);
        if (this.notLoggedIn.get(key) === socket) this.notLoggedIn.delete(key);
      });
      ssh.injectSocket(socket);
    });
    this.tcp = tcp;
    await new Promise<void>((resolve, reject) => {
      tcp.once('error', reject);
      tcp.listen(this.o.settings.port, this.o.settings.host, () => resolve());
    });
    this.watch = setInterval(() => void this.endRevokedSessions().catch((err) => this.o.log.warn({ err }, 'sftp session check failed')), this.o.settings.sessionCheckMs);
    return (tcp.address() as net.AddressInfo).port;
  }

  /**
   * Stops listening and ends every session cleanly: each client is sent SSH's disconnect message
   * ("by application") and its connection closed, so a client sees the server leave, not a reset.
   * Waits for the connections to close, at most `waitMs`; a file being uploaded stays as partial as
   * it was (no batch is sealed without its marker), and the client sends it again.
   */
  async stop(waitMs = 2_000): Promise<void> {
    if (this.watch) clearInterval(this.watch);
    const tcp = this.tcp;
    const closed = tcp ? new Promise<void>((resolve) => tcp.close(() => resolve())) : Promise.resolve();
    const goodbyes = [...this.connections].map((client) => new Promise<void>((resolve) => client.once('close', () => resolve())));
    for (const client of this.connections) client.end();
    for (const socket of this.notLoggedIn.values()) socket.destroy();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(goodbyes), new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
    await closed;
  }

  private async endRevokedSessions(): Promise<void> {
    if (this.sessions.size === 0) return;
    const loginIds = [...new Set(this.sessions.values())];
    const live = await this.o.db.selectFrom('sftp_logins').innerJoin('accounts', 'accounts.id', 'sftp_logins.account_id').select('sftp_logins.id').where('sftp_logins.id', 'in', loginIds).where('sftp_logins.revoked_at', 'is', null).where('accounts.active', '=', 1).execute();
    const alive = new Set(live.map((r) => r.id));
    for (const [client, loginId] of this.sessions) {
      if (!alive.has(loginId)) {
        this.o.log.info({ login: loginId }, 'sftp login revoked: session ended');
        client.end();
      }
    }
  }

  private onClient(client: ssh2.Connection, info: ssh2.ClientInfo): void {
    const address = info.ip;
    const log = sessionLog(this.o.log, crypto.randomUUID());
    let login: LoginRow | null = null;
    this.connections.add(client);
    client.on('error', (err) => log.warn({ err: err.message, address }, 'sftp connection error'));
    client.on('authentication', (ctx) => {
      void this.authenticate(ctx, address, log).then((found) => {
        if (found) {
          login = found;
          ctx.accept();
        }
      });
    });
    client.on('ready', () => {
      if (!login) return client.end();
      this.notLoggedIn.delete(`${info.ip}:${info.port}`);
      const who = { accountId: login.account_id, address, software: info.header.identRaw };
      this.sessions.set(client, login.id);
      sftpSessionsOpen.inc();
      sftpSessionsTotal.inc();
      log.info({ account: login.account_id, login: login.id, address }, 'sftp session opened');
      this.tree.ensure(login.account_id);
      client.on('session', (accept) => {
        const session = accept();
        session.on('sftp', (acceptSftp) => serveSftp(acceptSftp(), { db: this.o.db, tree: this.tree, who, maxFileBytes: this.o.settings.maxFileBytes, writeWindowBytes: WRITE_WINDOW_BYTES, log }));
        for (const refused of ['pty', 'shell', 'exec', 'subsystem', 'x11', 'auth-agent', 'env'] as const) session.on(refused, (_accept: unknown, reject?: () => void) => reject?.());
      });
      // Port forwarding of either direction and socket forwarding: refused.
      client.on('tcpip', (_accept, reject) => reject());
      client.on('openssh.streamlocal', (_accept, reject) => reject());
      client.on('request', (_accept, reject) => reject?.());
    });
    client.on('close', () => {
      this.connections.delete(client);
      if (this.sessions.delete(client)) {
        sftpSessionsOpen.dec();
        log.info({}, 'sftp session closed');
      }
    });
  }

  /** The login when the attempt succeeds; otherwise the attempt is refused (after the delay when it was a real failure). */
  private async authenticate(ctx: ssh2.AuthContext, address: string, log: Log): Promise<LoginRow | null> {
    const methods: ssh2.AuthenticationType[] = ['password', 'publickey'];
    try {
      if (await isLockedOut(this.o.db, address)) {
        await delay(this.o.settings.failedLoginDelayMs);
        ctx.reject([], false);
        return null;
      }
      if (ctx.method === 'none') {
        ctx.reject(methods);
        return null;
      }
      const login = await activeLogin(this.o.db, ctx.username);
      if (ctx.method === 'publickey') {
        const key = login ? publicKeyOf(login, ctx.key.algo, ctx.key.data) : null;
        // A key offered without a signature is only a question ("would you take it?"): no failure.
        if (key && !ctx.signature) {
          ctx.accept();
          return null;
        }
        if (key && ctx.signature && ctx.blob && key.verify(ctx.blob, ctx.signature, ctx.hashAlgo) === true) {
          await clearFailures(this.o.db, address);
          return login;
        }
        if (!ctx.signature) {
          ctx.reject(methods);
          return null;
        }
      } else if (ctx.method === 'password') {
        if (login && (await passwordMatches(login.password_hash, ctx.password))) {
          await clearFailures(this.o.db, address);
          return login;
        }
      } else {
        // keyboard-interactive, hostbased: not offered, so not a failed guess either.
        ctx.reject(methods);
        return null;
      }
      const locked = await recordFailure(this.o.db, address, this.o.settings.lockout);
      log.warn({ address, username: ctx.username.slice(0, 64), method: ctx.method, locked }, 'sftp login failed');
      await delay(this.o.settings.failedLoginDelayMs);
      ctx.reject(locked ? [] : methods);
    } catch (error) {
      log.warn({ err: (error as Error).message, address }, 'sftp authentication error');
      ctx.reject(methods);
    }
    return null;
  }
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
