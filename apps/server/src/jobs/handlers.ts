/**
 * Every background job kind of the server, registered on the job runner of a worker process. Each
 * capability exports its handlers (and recurring sweeps) and is added here with one line.
 */
import type { JobRunner } from './job-runner.js';
import type { AppContext } from '../http/route-spec.js';

export function registerJobHandlers(_runner: JobRunner, _ctx: AppContext): void {
  // e.g. registerUploadJobs(runner, ctx);
}
