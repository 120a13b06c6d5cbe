/**
 * The dashboard's live delivery status: a server-sent events stream of the account's delivery
 * events (queued, done, partial, failed) as the outbox has them (events/event-feed.ts), each sent
 * as `event: delivery` with the delivery's list fields and the event's `seq` as its id, so a
 * browser that reconnects (Last-Event-ID) misses nothing. The stream ends when the browser goes,
 * when the session that opened it signs out (`EventFeed.closeOwner`), or when the server stops.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../auth/caller.js';
import type { AppContext } from '../http/route-spec.js';

/** A comment line this often keeps proxies from closing an idle stream. */
const KEEPALIVE_MS = 15_000;
/** How often the stream asks whether its credential is still good (a session ended in another process). */
const RECHECK_MS = 5_000;

export const isDeliveryEvent = (type: string) => type.startsWith('ddex.delivery.');

/** Who owns a stream, for `closeOwner` at sign-out: the credential that opened it. */
export const streamOwnerOf = (caller: Caller) => `${caller.credential.kind}:${caller.credential.id}`;

/** `stillValid`: asked every few seconds; the stream ends once it answers false (or fails). */
export function streamDeliveryEvents(ctx: AppContext, caller: Caller, request: FastifyRequest, reply: FastifyReply, o: { after: number; stillValid: () => Promise<boolean> }): void {
  const lastEventId = Number(request.headers['last-event-id']);
  const from = Number.isSafeInteger(lastEventId) && lastEventId > 0 ? lastEventId : Math.max(0, o.after);
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // Proxies that buffer (nginx) would hold the events back.
    'x-accel-buffering': 'no',
  });
  out.write('retry: 2000\n\n');
  const keepalive = setInterval(() => out.write(': keep-alive\n\n'), KEEPALIVE_MS);
  keepalive.unref();
  const recheck = setInterval(() => {
    o.stillValid().then(
      (valid) => valid || subscription.close(),
      () => subscription.close(),
    );
  }, RECHECK_MS);
  recheck.unref();
  const subscription = ctx.events.subscribe({
    accountId: caller.account.id,
    owner: streamOwnerOf(caller),
    after: from,
    types: isDeliveryEvent,
    onEvent(event) {
      const delivery = (event.data as { delivery?: unknown }).delivery;
      out.write(`id: ${event.seq}\nevent: delivery\ndata: ${JSON.stringify({ type: event.type, occurred_at: event.occurred_at, delivery })}\n\n`);
    },
    onClose() {
      clearInterval(keepalive);
      clearInterval(recheck);
      out.end();
    },
  });
  // A socket that fails mid-write (a reset) ends this stream only, never the process.
  out.on('error', () => subscription.close());
  request.raw.once('close', () => subscription.close());
}
