/**
 * The SSH host key of the inbox: an ed25519 key made on first start and kept in the data directory
 * (`sftp/host-key`, mode 0600; `SFTP_HOST_KEY_FILE` to keep it elsewhere, e.g. shared by several
 * machines), so clients see the same host every time. Its SHA256 fingerprint is what
 * `ddex-server admin sftp host-key` prints and what OpenSSH shows on first connection.
 */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import ssh2 from 'ssh2';

export function hostKeyFile(dataDir: string): string {
  return process.env.SFTP_HOST_KEY_FILE || path.join(dataDir, 'sftp', 'host-key');
}

/** The private key (OpenSSH format), made and written (exclusively, 0600) when missing. */
export function loadOrCreateHostKey(dataDir: string): string {
  const file = hostKeyFile(dataDir);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const pair = ssh2.utils.generateKeyPairSync('ed25519');
  try {
    // 'wx': two processes starting together keep one key (the loser reads the winner's).
    fs.writeFileSync(file, pair.private, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return fs.readFileSync(file, 'utf8');
}

/** `SHA256:<base64 without padding>` of the public key blob, as `ssh-keygen -lf` prints it. */
export function fingerprintOf(privateOrPublicKey: string): { fingerprint: string; type: string; publicKey: string } {
  const parsed = ssh2.utils.parseKey(privateOrPublicKey);
  if (parsed instanceof Error) throw parsed;
  const key = Array.isArray(parsed) ? parsed[0] : parsed;
  const blob = key.getPublicSSH();
  const fingerprint = 'SHA256:' + crypto.createHash('sha256').update(blob).digest('base64').replace(/=+$/, '');
  return { fingerprint, type: key.type, publicKey: `${key.type} ${blob.toString('base64')}` };
}
