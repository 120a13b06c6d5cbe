/**
 * The server's clock. Every time the server writes or compares (retention, expiry, sunset dates,
 * retries) comes from `now()`, so tests can move it: with `DDEX_SERVER_CLOCK_FILE` set (tests only,
 * never in production), the file holds an offset in milliseconds or an ISO 8601 instant, read again
 * whenever the file changes, and every process given the same file (the server, admin commands)
 * shares the moved time.
 */
import fs from 'node:fs';

const clockFile = process.env.DDEX_SERVER_CLOCK_FILE || null;
let cached: { mtimeMs: number; size: number; offsetMs: number } | null = null;

function offsetMs(): number {
  if (!clockFile) return 0;
  let stat: fs.Stats;
  try {
    stat = fs.statSync(clockFile);
  } catch {
    return 0;
  }
  if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached.offsetMs;
  const text = fs.readFileSync(clockFile, 'utf8').trim();
  let offset = 0;
  if (/^-?\d+$/.test(text)) offset = Number(text);
  else if (text) {
    const at = Date.parse(text);
    if (Number.isNaN(at)) throw new Error(`DDEX_SERVER_CLOCK_FILE holds neither an offset in ms nor an ISO 8601 time: "${text.slice(0, 40)}"`);
    offset = at - Date.now();
  }
  cached = { mtimeMs: stat.mtimeMs, size: stat.size, offsetMs: offset };
  return offset;
}

/** Milliseconds since the epoch, on the (possibly moved) server clock. */
export function nowMs(): number {
  return Date.now() + offsetMs();
}

export function now(): Date {
  return new Date(nowMs());
}

/** ISO 8601 UTC timestamp, the form every timestamp column holds. */
export function nowIso(): string {
  return now().toISOString();
}

/** ISO timestamp `ms` from now. */
export function isoIn(ms: number): string {
  return new Date(nowMs() + ms).toISOString();
}
