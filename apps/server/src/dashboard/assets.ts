/**
 * The dashboard's stylesheet and script, served by the server itself (no CDN) from
 * `apps/server/assets/dashboard/`, which sits at the same depth from `src/` and `dist/`, so the
 * same path works before and after `npm run build` (as `schemas/api` does for the API's schemas).
 * Each URL carries the file's hash, so browsers keep a file for a year and a new release is
 * fetched at once.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ASSETS_DIR = process.env.DDEX_DASHBOARD_ASSETS_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets/dashboard');
const TYPES: Record<string, string> = { '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.svg': 'image/svg+xml' };

export interface Asset {
  body: Buffer;
  type: string;
  hash: string;
}

let loaded: Map<string, Asset> | null = null;

/** Every asset, read once (they are a few KB); a missing folder stops the server at start. */
export function assets(): Map<string, Asset> {
  if (loaded) return loaded;
  const map = new Map<string, Asset>();
  for (const name of fs.readdirSync(ASSETS_DIR)) {
    const type = TYPES[path.extname(name)];
    if (!type) continue;
    const body = fs.readFileSync(path.join(ASSETS_DIR, name));
    map.set(name, { body, type, hash: crypto.createHash('sha256').update(body).digest('hex').slice(0, 12) });
  }
  loaded = map;
  return map;
}

/** The URL of an asset, with its hash: `/dashboard/assets/dashboard.css?v=…`. */
export function assetUrl(name: string): string {
  const asset = assets().get(name);
  if (!asset) throw new Error(`no dashboard asset ${name} in ${ASSETS_DIR}`);
  return `/dashboard/assets/${name}?v=${asset.hash}`;
}
