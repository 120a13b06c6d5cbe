/**
 * Presigned-style URLs for the parts of a direct upload on the local store: each carries its
 * upload, part number, expiry and an HMAC-SHA256 of the three under the server's upload key
 * (`UPLOAD_URL_KEY`, else a key file in the data directory), so it needs no API key, and a URL
 * tampered with, expired or used for another part or upload is refused.
 */
import crypto from 'node:crypto';
import { serverKey } from '../../auth/server-keys.js';

export const URL_LIFETIME_S = 21600;

const key = (dataDir: string) => serverKey('UPLOAD_URL_KEY', dataDir);
const mac = (dataDir: string, uploadId: number, part: number, expires: number) =>
  crypto.createHmac('sha256', key(dataDir)).update(`upload:${uploadId}:part:${part}:expires:${expires}`).digest('base64url');

/** The query string of a part's URL, valid `URL_LIFETIME_S` from `nowSeconds`. */
export function signPart(dataDir: string, uploadId: number, part: number, nowSeconds: number): string {
  const expires = nowSeconds + URL_LIFETIME_S;
  return `expires=${expires}&signature=${mac(dataDir, uploadId, part, expires)}`;
}

/** Null when the signature holds and has not expired, else why not. */
export function checkPartSignature(dataDir: string, uploadId: number, part: number, expiresText: string | undefined, signature: string | undefined, nowSeconds: number): string | null {
  if (!expiresText || !/^\d{1,12}$/.test(expiresText) || !signature) return 'the URL has no valid expiry or signature';
  const expected = Buffer.from(mac(dataDir, uploadId, part, Number(expiresText)));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return 'the URL signature does not match (tampered, or for another upload or part)';
  if (Number(expiresText) < nowSeconds) return 'the URL has expired; GET the upload for fresh URLs';
  return null;
}
