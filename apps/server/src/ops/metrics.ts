/**
 * The process's Prometheus metrics (prom-client), one registry, served by the ops listener
 * (`METRICS_ADDR`, ops/ops-listener.ts), never on the API's port. Capabilities record what they do
 * here; this module imports none of them.
 *
 * Counters and histograms are this process's own (Prometheus sums them over the processes it
 * scrapes). The job queue's gauges are read from the jobs table at each scrape, so every process
 * reports the same, whole-queue figures whatever its roles: aggregate them with `max`, not `sum`.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

/** Answers by route pattern (`/v1/ddex/:id`, never the URL: ids and signatures stay out), method and status. */
export const httpRequestSeconds = new Histogram({
  name: 'ddex_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by route pattern, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [metricsRegistry],
});

const RUN_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900, 1800];

/** A delivery's processing (join, engine, import) by its ending: the delivery's status, or `retry` when the attempt failed. */
export const deliverySeconds = new Histogram({
  name: 'ddex_delivery_duration_seconds',
  help: 'Time a worker spent on one delivery attempt, by outcome',
  labelNames: ['outcome'] as const,
  buckets: RUN_BUCKETS,
  registers: [metricsRegistry],
});

/** A dry run (POST /ddex/validate) from its slot to its report, by verdict (`error` when it threw). */
export const dryRunSeconds = new Histogram({
  name: 'ddex_dry_run_duration_seconds',
  help: 'Time the engine spent on one dry run, by outcome',
  labelNames: ['outcome'] as const,
  buckets: RUN_BUCKETS,
  registers: [metricsRegistry],
});

/** One webhook POST: `succeeded`, `retry` (failed, tried again later), `failed` (given up). */
export const webhookAttempts = new Counter({
  name: 'ddex_webhook_attempts_total',
  help: 'Webhook delivery attempts, by outcome',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export const sftpSessionsOpen = new Gauge({ name: 'ddex_sftp_sessions', help: 'SFTP sessions open in this process', registers: [metricsRegistry] });
export const sftpSessionsTotal = new Counter({ name: 'ddex_sftp_sessions_total', help: 'SFTP sessions logged in to this process', registers: [metricsRegistry] });
export const sftpBytes = new Counter({
  name: 'ddex_sftp_bytes_total',
  help: 'File bytes through the SFTP inbox, by direction (received: written by clients; sent: read by them)',
  labelNames: ['direction'] as const,
  registers: [metricsRegistry],
});

/** Jobs by kind and state, from the jobs table: `queued`, `running`, and `failed` (failed for good, kept 14 days). */
export type QueueCounts = () => Promise<{ kind: string; status: string; count: number }[]>;
let readQueue: QueueCounts | null = null;
const JOB_STATES = ['queued', 'running', 'failed'];

export const jobsGauge = new Gauge({
  name: 'ddex_jobs',
  help: 'Jobs in the shared queue by kind and state (the whole queue, read from the database at each scrape)',
  labelNames: ['kind', 'status'] as const,
  registers: [metricsRegistry],
  async collect() {
    if (!readQueue) return;
    const rows = await readQueue();
    this.reset();
    // Every kind seen gets all three states, 0 included, so a queue that empties shows 0, not a gap.
    const kinds = new Set(rows.map((r) => r.kind));
    for (const kind of kinds) for (const status of JOB_STATES) this.set({ kind, status }, 0);
    for (const r of rows) if (JOB_STATES.includes(r.status)) this.set({ kind: r.kind, status: r.status }, r.count);
  },
});

/** Where the queue gauges read from (set once at start by the composition root). */
export function readQueueFrom(counts: QueueCounts): void {
  readQueue = counts;
}

/** Seconds since `startedAt` (a `performance.now()`). */
export function secondsSince(startedAt: number): number {
  return (performance.now() - startedAt) / 1000;
}
