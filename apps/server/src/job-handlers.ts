/**
 * Every background job kind of the server, registered on the job runner of the process whose role
 * runs it. Each capability exports its handlers (and recurring sweeps) and is added here with one
 * line. The SFTP inbox's jobs (a sealed batch's zip into the blob store, dry runs, acknowledgements,
 * the inbox's retention) read and write the inbox's folders, which live on the sftp processes'
 * volume: they run in sftp processes, every other kind in workers (README, Running many processes).
 */
import type { JobHandler, JobRunner } from './jobs/job-runner.js';
import { removeFinishedJobs } from './jobs/job-queue.js';
import { isoIn } from './clock.js';
import type { AppContext } from './http/route-spec.js';
import { invitationJob, invitationKey } from './members/invitations.js';
import { createMailer } from './members/mailer.js';
import { userInvitationJob, userInvitationKey } from './users/invitation-mail.js';
import { attemptJob, FANOUT, fanoutJob, RETENTION, retentionJob, settingsFromEnv } from './webhooks/dispatch.js';
import { secretsKey } from './webhooks/secrets.js';
import { uploadRetentionJob } from './ddex/uploads/retention.js';
import { registerSftpJobs } from './sftp/jobs.js';
import { testReportRetentionJob } from './test-reports/store.js';
import { deliveryJob } from './ddex/delivery-job.js';
import { clientRetentionJob } from './mcp/oauth/client-retention.js';
import type { EnginePool } from './ddex/engine-pool.js';

export interface WorkerParts {
  /** The engine's threads for deliveries (DELIVERY_CONCURRENCY of them). */
  deliveryPool: EnginePool;
  /** Test hook: deliveries wait this long in `importing`. */
  pauseBeforeImportMs?: number;
}

export function registerJobHandlers(runner: JobRunner, ctx: AppContext, parts: WorkerParts): void {
  if (ctx.config.roles.has('sftp')) registerSftpJobs(runner, ctx);
  if (!ctx.config.roles.has('worker')) return;
  if (ctx.config.runDeliveryWorker) {
    runner.register(deliveryJob({ blobs: ctx.blobs, pool: parts.deliveryPool, leaseMs: ctx.config.deliveryLeaseMs, pauseBeforeImportMs: parts.pauseBeforeImportMs }));
  }
  const mailer = createMailer({ smtpUrl: ctx.config.smtpUrl ?? undefined, from: ctx.config.smtpFrom ?? undefined, dataDir: ctx.config.dataDir });
  runner.register(invitationJob({ mailer, publicUrl: () => ctx.publicUrl(), tokenKey: () => invitationKey(ctx.config.dataDir) }));
  runner.register(userInvitationJob({ mailer, publicUrl: () => ctx.publicUrl(), key: () => userInvitationKey(ctx.config.dataDir) }));
  const webhooks = settingsFromEnv(() => secretsKey(ctx.config.dataDir));
  runner.register(fanoutJob(ctx.dialect)).every(FANOUT, Number(process.env.WEBHOOKS_FANOUT_MS ?? 1000));
  runner.register(attemptJob(webhooks));
  runner.register(retentionJob).every(RETENTION, 3_600_000);
  runner.register(finishedJobsCleanup).every(finishedJobsCleanup.kind, 6 * 3_600_000);
  const uploads = uploadRetentionJob(ctx.blobs);
  runner.register(uploads).every(uploads.kind, Number(process.env.UPLOAD_RETENTION_EVERY_MS ?? 3_600_000));
  runner.register(clientRetentionJob).every(clientRetentionJob.kind, Number(process.env.MCP_CLIENT_RETENTION_EVERY_MS ?? 3_600_000));
  runner.register(testReportRetentionJob).every(testReportRetentionJob.kind, Number(process.env.SFTP_RETENTION_EVERY_MS ?? 3_600_000));
}

/** Finished jobs are kept 14 days (to look into a failure), then removed. */
const finishedJobsCleanup: JobHandler = {
  kind: 'jobs.cleanup',
  async run(_payload, ctx) {
    await removeFinishedJobs(ctx.db, isoIn(-14 * 86_400_000));
  },
};
