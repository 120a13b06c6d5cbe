/**
 * The server's own keys: 32-byte keys (upload part URLs, invitation tokens, webhook secrets) and
 * the SFTP host key. Every process on one database must use the same ones (a part URL signed by one
 * api process is checked by another; a webhook secret encrypted by an api process is decrypted by
 * a worker on another machine), so a key comes from its environment variable when set, else from
 * its row in `server_keys`, made once by whichever process starts first (an insert that does
 * nothing when the row exists, then a read: two processes starting together keep one key). A key
 * file an earlier version left in the data directory becomes the row, so nothing signed or
 * encrypted with it is lost. Setting the variables keeps the keys out of the database (a dump of
 * it alone then reveals no webhook secret). Keys are never logged.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { nowIso } from '../clock.js';
import './tables.js';

/** The 32-byte keys: environment variable, and the file earlier versions kept in the data directory. */
export const SERVER_KEYS = {
  UPLOAD_URL_KEY: 'upload-urls.key',
  INVITATION_TOKEN_KEY: 'invitation-tokens.key',
  WEBHOOK_SECRETS_KEY: 'webhook-secrets.key',
} as const;
export type ServerKeyName = keyof typeof SERVER_KEYS;

/** Loaded keys by data directory (a test process may hold servers of several). */
const loaded = new Map<string, Map<ServerKeyName, Buffer>>();

/** The row `name`, made from `initial()` when missing; the value every process reads. */
export async function sharedValue(db: Kysely<Database>, name: string, initial: () => string): Promise<string> {
  const existing = await db.selectFrom('server_keys').select('value').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.value;
  await db.insertInto('server_keys').values({ name, value: initial(), created_at: nowIso() }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const row = await db.selectFrom('server_keys').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

function fromEnv(name: ServerKeyName): Buffer | null {
  const text = process.env[name];
  if (!text) return null;
  const key = Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error(`${name} must be 32 bytes, base64-encoded (openssl rand -base64 32)`);
  return key;
}

/** Reads (or makes) every 32-byte key; called once when a process opens its database. */
export async function loadServerKeys(db: Kysely<Database>, dataDir: string): Promise<void> {
  const keys = new Map<ServerKeyName, Buffer>();
  for (const [name, fileName] of Object.entries(SERVER_KEYS) as [ServerKeyName, string][]) {
    const env = fromEnv(name);
    if (env) {
      keys.set(name, env);
      continue;
    }
    const legacy = path.join(dataDir, fileName);
    const value = await sharedValue(db, name, () => (fs.existsSync(legacy) ? fs.readFileSync(legacy, 'utf8').trim() : crypto.randomBytes(32).toString('base64')));
    const key = Buffer.from(value, 'base64');
    if (key.length !== 32) throw new Error(`the server key ${name} in the database is not 32 bytes (base64): set ${name}, or delete its row of server_keys to make a new one`);
    keys.set(name, key);
  }
  loaded.set(path.resolve(dataDir), keys);
}

/** A 32-byte key of the process whose data directory is `dataDir` (loadServerKeys ran at its start). */
export function serverKey(name: ServerKeyName, dataDir: string): Buffer {
  const key = loaded.get(path.resolve(dataDir))?.get(name);
  if (!key) throw new Error(`server key ${name} asked before loadServerKeys ran for ${dataDir}`);
  return key;
}
