/**
 * The SSH host key of the inbox: an ed25519 key made on first start and kept in the data directory
 * (`sftp/host-key`, mode 0600; `SFTP_HOST_KEY_FILE` to keep it elsewhere, e.g. shared by several
 * machines), so clients see the same host every time. Its SHA256 fingerprint is what
 * `ddex-server admin sftp host-key` prints and what OpenSSH shows on first connection.
 */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { ssh2 } from './ssh2.js';

export function hostKeyFile(dataDir: string): string {
  return process.env.SFTP_HOST_KEY_FILE || path.join(dataDir, 'sftp', 'host-key');
}

/** The private key (OpenSSH format), made and written (exclusively, 0600) when missing. */
export function loadOrCreateHostKey(dataDir: string): string {
  const file = hostKeyFile(dataDir);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
  fs.mkdirSync(path.dirname(file), { recursive: true });
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
