/**
 * The SFTP inbox's jobs, registered on the job runner of each sftp process (they read and write the
 * inbox's folders): a sealed batch's zip into the blob store, a dry run, the acknowledgements, the
 * inbox's retention sweep. The delivery a batch becomes runs on any worker.
 */
import type { JobRunner } from '../jobs/job-runner.js';
import type { AppContext } from '../http/route-spec.js';
import { InboxTree } from './inbox-tree.js';
import { productionBatchJob, testBatchJob } from './batch-jobs.js';
import { sftpRetentionJob } from './retention.js';
import { sftpAcknowledgeJob } from './acknowledge-job.js';

export function registerSftpJobs(runner: JobRunner, ctx: AppContext): void {
  const tree = new InboxTree(ctx.config.dataDir);
  runner.register(productionBatchJob(ctx, tree));
  runner.register(testBatchJob(ctx, tree));
  const acknowledge = sftpAcknowledgeJob(tree);
  runner.register(acknowledge).every(acknowledge.kind, Number(process.env.SFTP_ACK_EVERY_MS ?? 2000));
  const retention = sftpRetentionJob(tree);
  const every = Number(process.env.SFTP_RETENTION_EVERY_MS ?? 3_600_000);
  runner.register(retention).every(retention.kind, every);
}
