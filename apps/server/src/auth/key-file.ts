/**
 * A server key (32 bytes): from an environment variable (base64), else made once in a file of the
 * data directory (mode 0600). One machine can rely on the file; processes on several machines must
 * share the variable. Keys are never logged.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const cache = new Map<string, Buffer>();

export function serverKey(envName: string, dataDir: string, fileName: string): Buffer {
  const known = cache.get(envName);
  if (known) return known;
  const fromEnv = process.env[envName];
  let key: Buffer;
  if (fromEnv) {
    key = Buffer.from(fromEnv, 'base64');
    if (key.length !== 32) throw new Error(`${envName} must be 32 bytes, base64-encoded (openssl rand -base64 32)`);
  } else {
    const file = path.join(dataDir, fileName);
    try {
      fs.writeFileSync(file, crypto.randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  }
  cache.set(envName, key);
  return key;
}
