/**
 * The engine's cache on disk, in the user cache directory: what it costs to derive once from the
 * installed DDEX schemas (compiled XSD sets, allowed value sets), stored as JSON named by a hash of
 * its inputs so a changed input is never served stale. A cache that cannot be read or written only
 * costs the work again; a damaged file is ignored and rewritten.
 */
import { readFileSync, renameSync, statSync, writeFileSync, type BigIntStats } from 'node:fs';
import path from 'node:path';
import { hashText } from '../hash-text.js';
import { makeFolderSync } from '../make-folder.js';
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
    makeFolderSync(path.dirname(file));
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(value));
    renameSync(tmp, file);
  } catch {
    // Not writable (read-only home, sandbox): everything works the same, only slower to start.
  }
}

/** A file's stat in nanoseconds, or null when it is not a file that can be stat'ed. */
function fileStat(file: string): BigIntStats | null {
  try {
    const s = statSync(file, { bigint: true });
    return s.isFile() ? s : null;
  } catch {
    return null;
  }
}

/** A file's identity and state: device, inode, size, modification and change times. */
const signature = (s: BigIntStats) => `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;

/** A file changed this recently may change again within its clock's tick, unseen by its stat. */
const SETTLED_NS = 2_000_000_000n;

interface StatMemo {
  what: string;
  key: string;
  files: [string, string][];
}

/**
 * A stat memo's file name: a hash of what it is for (FNV-1a). The memo holds `what` itself, so a
 * collision only costs hashing the files again; SHA-256 would load node:crypto, a few ms of a run
 * that otherwise hashes nothing.
 */
function memoName(what: string): string {
  return (hashText(what) >>> 0).toString(16).padStart(8, '0');
}

/**
 * The content key of some input files (`derive` reads them and names them), remembered in `dir`
 * beside each file's stat, so that a later run whose files all stat the same reads none of them:
 * hashing DDEX's XSD set took a CLI run 12 ms of its 150. Every write to a file changes its change
 * time, which no program can set back, so a changed file is never taken for the one keyed. A file
 * changed in the last two seconds is not remembered (a second write within its clock's tick could
 * leave the same stat, as git treats "racily clean" entries). `what` names the question (for
 * instance the main file and the cache's format); `dir` null remembers nothing. `now` (ms) is for tests.
 */
export function keyByStat(dir: string | null, what: string, derive: () => { key: string; files: string[] }, now = Date.now()): string {
  if (!dir) return derive().key;
  const memoFile = path.join(dir, `stat-${memoName(what)}.json`);
  const memo = readCacheJson<StatMemo>(memoFile);
  const unchanged = ([file, remembered]: [string, string]) => {
    const s = fileStat(file);
    return s !== null && signature(s) === remembered;
  };
  if (memo && memo.what === what && typeof memo.key === 'string' && Array.isArray(memo.files) && memo.files.length > 0 && memo.files.every(unchanged)) {
    return memo.key;
  }
  const { key, files } = derive();
  const settledBefore = BigInt(Math.floor(now)) * 1_000_000n - SETTLED_NS;
  const signatures: [string, string][] = [];
  for (const file of files) {
    const s = fileStat(file);
    if (s === null || s.mtimeNs > settledBefore || s.ctimeNs > settledBefore) return key;
    signatures.push([file, signature(s)]);
  }
  writeCacheJson(memoFile, { what, key, files: signatures } satisfies StatMemo);
  return key;
}
