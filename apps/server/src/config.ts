/**
 * Server settings: flags, then environment, then defaults. Every limit the spec leaves "not shown"
 * is decided here, with its reason, and documented in the README and the OpenAPI document.
 */
import os from 'node:os';
import path from 'node:path';
import { dbConfigFrom, type DbConfig } from './db/connect.js';
import type { S3Settings } from './blob/s3-blob-store.js';
import type { SftpSettings } from './sftp/sftp-server.js';

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** What a process does: serve the API, run the background workers, serve the SFTP inbox. */
export type Role = 'api' | 'worker' | 'sftp';
export const ROLES: Role[] = ['api', 'worker', 'sftp'];

export interface ServerConfig {
  /** Roles of this process (`--roles`/`ROLES`, default all three). */
  roles: Set<Role>;
  port: number;
  host: string;
  dataDir: string;
  db: DbConfig;
  /** The blob store: S3-compatible when `BLOB_STORE=s3`, else null (the local folder `DATA_DIR/blobs`). */
  s3: S3Settings | null;
  /** Trust X-Forwarded-Proto/Host from a reverse proxy (status_url then follows the public host). */
  trustProxy: boolean;
  limits: {
    /** POST /ddex raw body (spec: 20 GB). */
    deliverRawBytes: number;
    /** POST /ddex multipart file (spec: 512 MB). */
    deliverMultipartBytes: number;
    /** POST /ddex/validate body, raw or multipart: a dry run answers synchronously, so bigger batches go through POST /ddex. */
    validateBytes: number;
    /** Simultaneous dry runs per process before 429 busy. */
    validateConcurrent: number;
    /** Simultaneous dry runs of one key per process: below the process's, so one key cannot take every slot. */
    validateConcurrentPerKey: number;
    /** Body guard: longest silence, slowest rate and its window (http/request-body.ts). */
    bodyIdleMs: number;
    bodyMinBytesPerSecond: number;
    bodyRateWindowMs: number;
  };
  /** Public base URL of the server for links in emails (`PUBLIC_URL`; default: the address it listens on). */
  publicUrl: string | null;
  /** SMTP server for email (`SMTP_URL`); none: messages are written as .eml files in the data directory. */
  smtpUrl: string | null;
  smtpFrom: string | null;
  /** Tests only: each dry run holds its slot this long (to observe busy answers). */
  testValidatePauseMs: number;
  /** Worker threads running dry runs (sized from the cores). */
  validatePoolSize: number;
  /** Jobs of the engine lane (deliveries, SFTP batches) run at once by this process. */
  deliveryConcurrency: number;
  /** How long a claimed job of the engine lane stays with its worker without a heartbeat. */
  deliveryLeaseMs: number;
  /** Claims of the same delivery before it is failed (a batch that kills its worker every time). */
  deliveryMaxAttempts: number;
  /** Run deliveries in this process (the worker role; `DELIVERY_WORKER=0` turns it off too). */
  runDeliveryWorker: boolean;
  /** Jobs of the default lane (webhook attempts, emails, sweeps) run at once by this process. */
  jobsConcurrency: number;
  /** How long a claimed job of the default lane stays with its worker without a heartbeat. */
  jobsLeaseMs: number;
  /** Idle poll interval of each lane (SQLite, or PostgreSQL while the LISTEN connection is down). */
  jobsPollMs: number;
  /** Idle poll interval on PostgreSQL while LISTEN tells the worker of new jobs. */
  jobsListenPollMs: number;
  /** The SFTP inbox of the `sftp` role (port, failed-login delay and lockout, revoked-session check, file size). */
  sftp: SftpSettings;
  /**
   * Start even when an ERN version's XSD set is missing (`--allow-missing-schemas`,
   * `DDEX_ALLOW_MISSING_SCHEMAS=1`): its messages are then answered and imported unchecked against
   * the schema, so the default is to refuse to start (ddex/schema-check.ts).
   */
  allowMissingSchemas: boolean;
  /** The ops listener (`/metrics`, `/livez`, `/readyz`): `METRICS_ADDR=host:port`, off when unset. */
  metricsAddr: { host: string; port: number } | null;
  /**
   * SIGTERM's bound (`SHUTDOWN_TIMEOUT`, seconds, default 25): running jobs have until then to
   * finish, less a second to hand back the ones that did not; then the process exits.
   */
  shutdownTimeoutMs: number;
}

/** `host:port` or `[v6]:port` (METRICS_ADDR); an empty or absent value: off. */
export function parseListenAddress(text: string | undefined, name: string): { host: string; port: number } | null {
  if (!text) return null;
  const m = /^(?:\[([0-9a-fA-F:.]+)\]|([^:\s]+)):(\d{1,5})$/.exec(text.trim());
  const port = m ? Number(m[3]) : NaN;
  if (!m || port > 65535) throw new Error(`${name} must be host:port, such as 127.0.0.1:9464 or [::1]:9464 (got "${text}")`);
  return { host: m[1] ?? m[2], port };
}

export function parseRoles(text: string): Set<Role> {
  const roles = new Set<Role>();
  for (const word of text.split(',').map((w) => w.trim()).filter(Boolean)) {
    if (!ROLES.includes(word as Role)) throw new Error(`unknown role "${word}" (roles: ${ROLES.join(', ')})`);
    roles.add(word as Role);
  }
  if (roles.size === 0) throw new Error(`no role given (roles: ${ROLES.join(', ')})`);
  return roles;
}

export const DEFAULT_LIMITS: ServerConfig['limits'] = {
  deliverRawBytes: 20 * GB,
  deliverMultipartBytes: 512 * MB,
  validateBytes: 100 * MB,
  validateConcurrent: 4,
  validateConcurrentPerKey: 2,
  bodyIdleMs: 30_000,
  bodyMinBytesPerSecond: 8 * 1024,
  bodyRateWindowMs: 30_000,
};

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number (got "${value}")`);
  return n;
}

/**
 * `BLOB_STORE=s3` with `S3_BUCKET` (required), `S3_ENDPOINT` (a non-AWS service), `S3_REGION`
 * (default us-east-1), `S3_FORCE_PATH_STYLE=true`, `S3_PREFIX`, and `S3_ACCESS_KEY_ID` with
 * `S3_SECRET_ACCESS_KEY` (else the SDK's own chain: AWS_* variables, profiles, instance roles).
 */
export function s3SettingsFrom(env: NodeJS.ProcessEnv): S3Settings | null {
  const store = env.BLOB_STORE || 'local';
  if (store === 'local') return null;
  if (store !== 's3') throw new Error(`BLOB_STORE must be local or s3 (got "${store}")`);
  if (!env.S3_BUCKET) throw new Error('BLOB_STORE=s3 needs S3_BUCKET');
  if (!!env.S3_ACCESS_KEY_ID !== !!env.S3_SECRET_ACCESS_KEY) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  const prefix = (env.S3_PREFIX ?? '').replace(/^\/+/, '');
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT || null,
    region: env.S3_REGION || 'us-east-1',
    forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
    credentials: env.S3_ACCESS_KEY_ID ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY! } : null,
  };
}

function shutdownSeconds(given: string | undefined): number {
  if (given === undefined || given === '') return 25;
  const n = Number(given);
  if (!Number.isFinite(n) || n < 1 || n > 3600) throw new Error(`SHUTDOWN_TIMEOUT must be seconds from 1 to 3600 (got "${given}")`);
  return n;
}

export interface ConfigFlags {
  roles?: string;
  port?: string;
  host?: string;
  dataDir?: string;
  allowMissingSchemas?: boolean;
}

export function loadConfig(flags: ConfigFlags = {}, env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = path.resolve(flags.dataDir ?? env.DATA_DIR ?? './data');
  const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  const port = int(flags.port ?? env.PORT, 8080, 'port');
  if (port > 65535) throw new Error(`port must be at most 65535 (got ${port})`);
  const roles = parseRoles(flags.roles ?? env.ROLES ?? ROLES.join(','));
  return {
    roles,
    port,
    host: flags.host ?? env.HOST ?? '0.0.0.0',
    dataDir,
    db: dbConfigFrom(dataDir, env.DATABASE_URL || undefined),
    s3: s3SettingsFrom(env),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    limits: {
      deliverRawBytes: int(env.DELIVER_RAW_MAX_BYTES, DEFAULT_LIMITS.deliverRawBytes, 'DELIVER_RAW_MAX_BYTES'),
      deliverMultipartBytes: int(env.DELIVER_MULTIPART_MAX_BYTES, DEFAULT_LIMITS.deliverMultipartBytes, 'DELIVER_MULTIPART_MAX_BYTES'),
      validateBytes: int(env.VALIDATE_MAX_BYTES, DEFAULT_LIMITS.validateBytes, 'VALIDATE_MAX_BYTES'),
      validateConcurrent: int(env.VALIDATE_MAX_CONCURRENT, DEFAULT_LIMITS.validateConcurrent, 'VALIDATE_MAX_CONCURRENT'),
      validateConcurrentPerKey: int(env.VALIDATE_MAX_CONCURRENT_PER_KEY, DEFAULT_LIMITS.validateConcurrentPerKey, 'VALIDATE_MAX_CONCURRENT_PER_KEY'),
      bodyIdleMs: int(env.BODY_IDLE_TIMEOUT_MS, DEFAULT_LIMITS.bodyIdleMs, 'BODY_IDLE_TIMEOUT_MS'),
      bodyMinBytesPerSecond: int(env.BODY_MIN_BYTES_PER_SEC, DEFAULT_LIMITS.bodyMinBytesPerSecond, 'BODY_MIN_BYTES_PER_SEC'),
      bodyRateWindowMs: int(env.BODY_RATE_WINDOW_MS, DEFAULT_LIMITS.bodyRateWindowMs, 'BODY_RATE_WINDOW_MS'),
    },
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null,
    smtpUrl: env.SMTP_URL || null,
    smtpFrom: env.SMTP_FROM || null,
    testValidatePauseMs: int(env.DDEX_SERVER_TEST_PAUSE_VALIDATE_MS, 0, 'DDEX_SERVER_TEST_PAUSE_VALIDATE_MS'),
    // One core stays with the HTTP loop and the delivery worker; at least one thread, at most 8.
    validatePoolSize: int(env.VALIDATE_THREADS, Math.max(1, Math.min(8, cores - 1)), 'VALIDATE_THREADS') || 1,
    deliveryConcurrency: int(env.DELIVERY_CONCURRENCY, 1, 'DELIVERY_CONCURRENCY') || 1,
    deliveryLeaseMs: int(env.DELIVERY_LEASE_MS, 60_000, 'DELIVERY_LEASE_MS'),
    deliveryMaxAttempts: int(env.DELIVERY_MAX_ATTEMPTS, 3, 'DELIVERY_MAX_ATTEMPTS'),
    runDeliveryWorker: roles.has('worker') && env.DELIVERY_WORKER !== '0',
    // Webhook attempts and emails mostly wait on the network: several at once, so a slow receiver
    // holds one slot for at most its timeout.
    jobsConcurrency: int(env.JOBS_CONCURRENCY, 8, 'JOBS_CONCURRENCY') || 1,
    jobsLeaseMs: int(env.JOBS_LEASE_MS, 60_000, 'JOBS_LEASE_MS') || 60_000,
    // DELIVERY_POLL_MS: its name before deliveries were jobs.
    jobsPollMs: int(env.JOBS_POLL_MS ?? env.DELIVERY_POLL_MS, 500, 'JOBS_POLL_MS') || 500,
    jobsListenPollMs: int(env.JOBS_LISTEN_POLL_MS, 5_000, 'JOBS_LISTEN_POLL_MS') || 5_000,
    sftp: {
      port: int(env.SFTP_PORT, 2222, 'SFTP_PORT'),
      host: env.SFTP_HOST ?? flags.host ?? env.HOST ?? '0.0.0.0',
      // A second per failure slows guessing to nothing; 10 failures in 15 minutes lock the address for 15 minutes.
      failedLoginDelayMs: int(env.SFTP_FAILED_LOGIN_DELAY_MS, 1000, 'SFTP_FAILED_LOGIN_DELAY_MS'),
      lockout: {
        failures: int(env.SFTP_LOCKOUT_FAILURES, 10, 'SFTP_LOCKOUT_FAILURES') || 1,
        windowMs: int(env.SFTP_LOCKOUT_WINDOW_MS, 15 * 60_000, 'SFTP_LOCKOUT_WINDOW_MS'),
        lockMs: int(env.SFTP_LOCKOUT_MS, 15 * 60_000, 'SFTP_LOCKOUT_MS'),
      },
      sessionCheckMs: int(env.SFTP_SESSION_CHECK_MS, 2000, 'SFTP_SESSION_CHECK_MS') || 2000,
      maxFileBytes: int(env.DELIVER_RAW_MAX_BYTES, DEFAULT_LIMITS.deliverRawBytes, 'DELIVER_RAW_MAX_BYTES'),
    },
    metricsAddr: parseListenAddress(env.METRICS_ADDR, 'METRICS_ADDR'),
    // Below Kubernetes' default grace (30 s) and systemd's (90 s), so ours ends the process, not theirs.
    shutdownTimeoutMs: shutdownSeconds(env.SHUTDOWN_TIMEOUT) * 1000,
    allowMissingSchemas: flags.allowMissingSchemas === true || env.DDEX_ALLOW_MISSING_SCHEMAS === '1' || env.DDEX_ALLOW_MISSING_SCHEMAS === 'true',
  };
}
