/**
 * The engine's cache on disk, in the user cache directory: what it costs to derive once from the
 * installed DDEX schemas (compiled XSD sets, allowed value sets), stored as JSON named by a hash of
 * its inputs so a changed input is never served stale. A cache that cannot be read or written only
 * costs the work again; a damaged file is ignored and rewritten.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { userCacheDir } from '../xml/schema-store.js';

/** `<part>` beside the pulled schemas in the user cache (`~/.cache/ddex-check/<part>` on Linux). */
export function engineCacheDir(part: string): string {
  return path.join(path.dirname(userCacheDir()), part);
}

/** The parsed JSON of a cache file, or null when absent, unreadable or not JSON. */
export function readCacheJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** Writes a cache file atomically (a reader never sees half of it); failures are ignored. */
export function writeCacheJson(file: string, value: unknown): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(value));
    renameSync(tmp, file);
  } catch {
    // Not writable (read-only home, sandbox): everything works the same, only slower to start.
  }
}
