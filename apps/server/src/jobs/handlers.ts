/**
 * Every background job kind of the server, registered on the job runner of a worker process. Each
 * capability exports its handlers (and recurring sweeps) and is added here with one line.
 */
import type { JobRunner } from './job-runner.js';
import type { AppContext } from '../http/route-spec.js';
import { invitationJob } from '../members/invitations.js';
import { createMailer } from '../members/mailer.js';

export function registerJobHandlers(runner: JobRunner, ctx: AppContext): void {
  const mailer = createMailer({ smtpUrl: ctx.config.smtpUrl ?? undefined, from: ctx.config.smtpFrom ?? undefined, dataDir: ctx.config.dataDir });
  runner.register(invitationJob({ mailer, publicUrl: () => ctx.publicUrl() }));
}
