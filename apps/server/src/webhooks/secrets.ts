/**
 * Webhook signing secrets (`whsec_` + 24 random bytes, base64, as Standard Webhooks writes them).
 * The server must sign with them, so they cannot be hashed: they are stored encrypted with
 * AES-256-GCM under `WEBHOOK_SECRETS_KEY` (32 bytes, base64). Without it, under the key kept in
 * the database (auth/server-keys.ts), the same in every process. A secret is shown once (create, roll) and never logged.
 */
import crypto from 'node:crypto';
import { serverKey } from '../auth/server-keys.js';

export function newSecret(): string {
  return `whsec_${crypto.randomBytes(24).toString('base64')}`;
}

/** The visible start of a secret (identifies it in lists; 10 characters say nothing of the rest). */
export const prefixOf = (secret: string) => secret.slice(0, 10);

export function secretsKey(dataDir: string): Buffer {
  return serverKey('WEBHOOK_SECRETS_KEY', dataDir);
}

export function encryptSecret(secret: string, key: Buffer): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function decryptSecret(stored: string, key: Buffer): string {
  const raw = Buffer.from(stored, 'base64');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/** Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under the secret's bytes. */
export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  return `v1,${crypto.createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}
