/**
 * When the legacy base stops answering (spec 9.2; the legacy MCP address follows the same
 * schedule, 9.3): the one place that decides it, on the server's clock.
 *
 * The spec says the legacy base "answers exactly as before until 2027-04-30 … after that date it
 * stops answering", and gives the header `Sunset: Fri, 30 Apr 2027 00:00:00 GMT`. We read the prose
 * as the promise: the whole of 2027-04-30 in UTC (the header's zone) still answers, and the first
 * instant refused is 2027-05-01T00:00:00.000Z. The header is sent as the spec writes it: RFC 8594
 * says a Sunset in the past means the resource may go at any time, so answering one day longer
 * breaks no client that planned on the header, and closing at the header's instant would break
 * one that read the prose.
 */
import { nowMs } from '../clock.js';

/** The Sunset header of every legacy answer, as spec 9.2 writes it. */
export const SUNSET = 'Fri, 30 Apr 2027 00:00:00 GMT';
/** The last day (UTC) the legacy base answers. */
export const LEGACY_LAST_DAY = '2027-04-30';
/** The first instant (ms since the epoch, UTC) at which the legacy base no longer answers. */
export const LEGACY_CLOSED_FROM_MS = Date.UTC(2027, 4, 1);

/**
 * True while the legacy base (`/api/v1` on the platform's hosts, and the legacy MCP address)
 * answers: before 2027-05-01T00:00:00Z on the server's clock, or at `atMs` when given.
 * A white-label portal's domain keeps `/api/v1` whatever this says (`http/portal.ts`).
 */
export function legacyBaseOpen(atMs: number = nowMs()): boolean {
  return atMs < LEGACY_CLOSED_FROM_MS;
}
