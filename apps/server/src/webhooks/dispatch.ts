/**
 * From the events outbox to the receivers, safe with any number of processes:
 * - the fan-out job (recurring, one at a time by its dedupe key and lease) reads the events past its
 *   cursor and, in one transaction, writes one delivery per subscribed enabled endpoint (unique per
 *   endpoint and event), queues an attempt job for each, and moves the cursor;
 * - an attempt job sends one delivery once; a failure queues the next attempt on the schedule, so a
 *   slow receiver holds only its own attempt (and one job slot for at most the timeout);
 * - a 410 disables the endpoint at once; failing for 5 days disables it; the log keeps 30 days.
 * A process killed mid-attempt loses nothing: the attempt's job is claimed again after its lease.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Dialect } from '../db/connect.js';
import type { JobHandler } from '../jobs/job-runner.js';
import { enqueueJob } from '../jobs/job-queue.js';
import { isoIn, nowIso, nowMs } from '../clock.js';
import { envelopeOf } from '../events/emit.js';
import { decryptSecret } from './secrets.js';
import { sendEvent } from './sender.js';
import './tables.js';
import { webhookAttempts } from '../ops/metrics.js';

export const FANOUT = 'webhooks.fanout';
export const ATTEMPT = 'webhooks.attempt';
export const RETENTION = 'webhooks.retention';
const CURSOR = 'webhooks';
const BATCH = 500;
export const LOG_DAYS = 30;
export const DISABLE_AFTER_DAYS = 5;

/** Delays before attempts 2, 3, … : about three days in all, then `failed` (README). */
export const DEFAULT_SCHEDULE_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 50_400_000, 72_000_000, 86_400_000];

export interface WebhookSettings {
  scheduleMs: number[];
  timeoutMs: number;
  secretsKey: () => Buffer;
}

export function settingsFromEnv(secretsKey: () => Buffer): WebhookSettings {
  const schedule = process.env.WEBHOOKS_RETRY_SCHEDULE_MS;
  return {
    // Tests only: a short schedule, or `none` for a single attempt.
    scheduleMs: schedule === 'none' ? [] : schedule ? schedule.split(',').map(Number) : DEFAULT_SCHEDULE_MS,
    timeoutMs: Number(process.env.WEBHOOKS_TIMEOUT_MS ?? 15_000),
    secretsKey,
  };
}

const jitter = (ms: number) => Math.round(ms * (0.9 + Math.random() * 0.2));

export function fanoutJob(dialect: Dialect): JobHandler {
  return {
    kind: FANOUT,
    async run(_payload, ctx) {
      for (;;) {
        const moved = await ctx.db.transaction().execute(async (trx) => {
          const cursorQuery = trx.selectFrom('event_cursors').select('seq').where('name', '=', CURSOR);
          const cursor = await (dialect === 'postgres' ? cursorQuery.forUpdate() : cursorQuery).executeTakeFirst();
          if (!cursor) await trx.insertInto('event_cursors').values({ name: CURSOR, seq: 0 }).onConflict((oc) => oc.column('name').doNothing()).execute();
          const after = cursor?.seq ?? 0;
          const events = await trx.selectFrom('events').selectAll().where('seq', '>', after).orderBy('seq').limit(BATCH).execute();
          if (events.length === 0) return 0;
          const accounts = [...new Set(events.map((e) => e.account_id))];
          const endpoints = await trx.selectFrom('webhook_endpoints').select(['id', 'account_id', 'events']).where('account_id', 'in', accounts).where('enabled', '=', 1).execute();
          const now = nowIso();
          for (const event of events) {
            for (const endpoint of endpoints) {
              if (endpoint.account_id !== event.account_id || !(JSON.parse(endpoint.events) as string[]).includes(event.type)) continue;
              const row = await trx
                .insertInto('webhook_deliveries')
                .values({ endpoint_id: endpoint.id, account_id: event.account_id, event_id: event.id, event: event.type, payload: JSON.stringify(envelopeOf(event)), attempt: 0, status: 'pending', response_status: null, response_ms: null, next_attempt_at: now, error: null, created_at: now, delivered_at: null })
                .onConflict((oc) => oc.columns(['endpoint_id', 'event_id']).doNothing())
                .returning('id')
                .executeTakeFirst();
              if (row) await enqueueJob(trx, { kind: ATTEMPT, payload: { delivery: row.id }, maxAttempts: 3 });
            }
          }
          await trx.updateTable('event_cursors').set({ seq: events[events.length - 1].seq }).where('name', '=', CURSOR).execute();
          return events.length;
        });
        if (moved < BATCH) return;
      }
    },
  };
}

/** Queues an attempt of a delivery now (test, retry). */
export async function queueAttempt(db: Kysely<Database> | Transaction<Database>, deliveryId: number): Promise<void> {
  await enqueueJob(db, { kind: ATTEMPT, payload: { delivery: deliveryId }, maxAttempts: 3 });
}

export function attemptJob(settings: WebhookSettings): JobHandler<{ delivery: number }> {
  return {
    kind: ATTEMPT,
    async run({ delivery: id }, ctx) {
      const delivery = await ctx.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
      if (!delivery || delivery.status !== 'pending') return;
      const endpoint = await ctx.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', delivery.endpoint_id).executeTakeFirst();
      if (!endpoint) return;
      if (!endpoint.enabled) {
        await ctx.db.updateTable('webhook_deliveries').set({ status: 'failed', error: 'the endpoint is disabled; retry the delivery once it is enabled', next_attempt_at: null }).where('id', '=', id).execute();
        return;
      }
      const secret = decryptSecret(endpoint.secret_enc, settings.secretsKey());
      const result = await sendEvent({ url: endpoint.url, secret, eventId: delivery.event_id, body: delivery.payload, timeoutMs: settings.timeoutMs, nowSeconds: Math.floor(nowMs() / 1000) });
      const attempt = delivery.attempt + 1;
      const now = nowIso();
      let outcome: 'succeeded' | 'retry' | 'failed' = 'succeeded';
      await ctx.db.transaction().execute(async (trx) => {
        if (result.ok) {
          await trx.updateTable('webhook_deliveries').set({ attempt, status: 'succeeded', response_status: result.status, response_ms: result.ms, error: null, next_attempt_at: null, delivered_at: now }).where('id', '=', id).execute();
          await trx.updateTable('webhook_endpoints').set({ last_success_at: now, failure_count: 0, failing_since: null }).where('id', '=', endpoint.id).execute();
          return;
        }
        const gone = result.status === 410;
        const delay = settings.scheduleMs[attempt - 1];
        const last = gone || delay === undefined;
        const wait = last ? 0 : jitter(delay);
        outcome = last ? 'failed' : 'retry';
        await trx
          .updateTable('webhook_deliveries')
          .set({ attempt, status: last ? 'failed' : 'pending', response_status: result.status, response_ms: result.ms, error: result.error, next_attempt_at: last ? null : isoIn(wait) })
          .where('id', '=', id)
          .execute();
        const failingSince = endpoint.failing_since ?? now;
        const tooLong = nowMs() - Date.parse(failingSince) >= DISABLE_AFTER_DAYS * 86_400_000;
        const disable = gone ? 'the receiver answered 410 Gone' : tooLong ? `every attempt failed for ${DISABLE_AFTER_DAYS} days` : null;
        await trx
          .updateTable('webhook_endpoints')
          .set({
            last_failure_at: now,
            failure_count: sql`failure_count + 1`,
            failing_since: failingSince,
            ...(disable ? { enabled: 0, disabled_at: now, disabled_reason: disable } : {}),
          })
          .where('id', '=', endpoint.id)
          .execute();
        if (!last) await enqueueJob(trx, { kind: ATTEMPT, payload: { delivery: id }, runAt: isoIn(wait), maxAttempts: 3 });
      });
      // After the commit: an attempt counts once its outcome is recorded.
      webhookAttempts.inc({ outcome });
    },
  };
}

export const retentionJob: JobHandler = {
  kind: RETENTION,
  async run(_payload, ctx) {
    await ctx.db.deleteFrom('webhook_deliveries').where('created_at', '<', isoIn(-LOG_DAYS * 86_400_000)).execute();
  },
};
