/**
 * The SSH host key of the inbox: an ed25519 key made on first start and kept in the database (row
 * `sftp-host-key` of `server_keys`), so every sftp process on the database, on any machine, shows
 * clients the same host, and restarts keep it. `SFTP_HOST_KEY_FILE` names a file to take it from
 * instead (made there, mode 0600, when missing). A key file an earlier version kept in the data
 * directory (`sftp/host-key`) becomes the row, so clients that trusted it still do. Its SHA256
 * fingerprint is what `ddex-server admin sftp host-key` prints and what OpenSSH shows on first connection.
 */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { sharedValue } from '../auth/server-keys.js';
import { ssh2 } from './ssh2.js';
import { makeFolderSync } from '@ddex-check/engine/make-folder';

const ROW = 'sftp-host-key';

/** Where the key comes from: the file of SFTP_HOST_KEY_FILE, or the database. */
export function hostKeySource(): string {
  return process.env.SFTP_HOST_KEY_FILE || 'database';
}

/** The private key (OpenSSH format) every sftp process on the database uses. */
export async function loadOrCreateHostKey(db: Kysely<Database>, dataDir: string): Promise<string> {
  if (process.env.SFTP_HOST_KEY_FILE) return keyFromFile(process.env.SFTP_HOST_KEY_FILE);
  const legacy = path.join(dataDir, 'sftp', 'host-key');
  return sharedValue(db, ROW, () => (fs.existsSync(legacy) ? fs.readFileSync(legacy, 'utf8') : generateHostKey()));
}

/** The key in `file`, made and written (exclusively, 0600) when missing. */
export function keyFromFile(file: string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
  makeFolderSync(path.dirname(file));
  const pair = { private: generateHostKey() };
  // Written whole under a name of its own, then linked into place: link fails when the file exists,
  // so two processes starting together keep one key (the loser reads the winner's), and no process
  // ever reads a key half written (a process killed mid-write leaves only its own temporary file).
  const temp = `${file}.${process.pid}.${crypto.randomUUID()}`;
  fs.writeFileSync(temp, pair.private, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(temp, { force: true });
  }
  return fs.readFileSync(file, 'utf8');
}

/**
 * A new ed25519 private key in OpenSSH format that ssh2 itself can read back: about 1 in 400 keys
 * from ssh2's generateKeyPairSync('ed25519') are refused by its own parser ("Malformed OpenSSH private
 * key"; 8 of 3,000 here), which stopped a server's first start: its key generator strips a public
 * key's leading zero bytes (mscdex/ssh2 issues 1390 and 1513, open). Made again until it parses.
 */
export function generateHostKey(): string {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { private: key } = ssh2().utils.generateKeyPairSync('ed25519');
    if (!(ssh2().utils.parseKey(key) instanceof Error)) return key;
  }
  throw new Error('could not make an SSH host key that ssh2 can read');
}

/** `SHA256:<base64 without padding>` of the public key blob, as `ssh-keygen -lf` prints it. */
export function fingerprintOf(privateOrPublicKey: string): { fingerprint: string; type: string; publicKey: string } {
  const parsed = ssh2().utils.parseKey(privateOrPublicKey);
  if (parsed instanceof Error) throw parsed;
  const key = Array.isArray(parsed) ? parsed[0] : parsed;
  const blob = key.getPublicSSH();
  const fingerprint = 'SHA256:' + crypto.createHash('sha256').update(blob).digest('base64').replace(/=+$/, '');
  return { fingerprint, type: key.type, publicKey: `${key.type} ${blob.toString('base64')}` };
}
