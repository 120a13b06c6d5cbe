/**
 * RFC 7591 registration is open to anyone (an assistant registers before anyone signs in), so
 * each address may register at most MCP_REGISTER_PER_HOUR clients (default 20) per calendar hour;
 * past it, 429 with Retry-After. Counted in the database (`rate_buckets`), so every api process
 * counts the same address together. The address is the request's (`TRUST_PROXY` makes it the
 * client's behind a reverse proxy). RFC 7591 names no error for this; the body keeps OAuth's shape.
 */
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { countInWindow } from '../../http/rate-limit.js';
import { nowMs } from '../../clock.js';
import '../../auth/tables.js';

export const DEFAULT_REGISTRATIONS_PER_HOUR = 20;

function perHour(): number {
  const configured = Number(process.env.MCP_REGISTER_PER_HOUR);
  return Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_REGISTRATIONS_PER_HOUR;
}

/** Counts this registration; answers 429 and true when the address is past its hourly limit. */
export async function refuseTooManyRegistrations(db: Kysely<Database>, address: string, reply: FastifyReply): Promise<boolean> {
  const rate = await countInWindow(db, `register:${address}`, perHour(), 3_600_000, nowMs());
  if (!rate.exceeded) return false;
  await reply
    .code(429)
    .header('retry-after', String(rate.resetSeconds))
    .header('cache-control', 'no-store')
    .header('access-control-allow-origin', '*')
    .send({ error: 'rate_limited', error_description: `At most ${rate.limit} client registrations per hour from one address; retry after ${rate.resetSeconds} s.` });
  return true;
}
