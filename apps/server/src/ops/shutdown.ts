/**
 * SIGTERM (and SIGINT): a graceful stop within a stated bound (`SHUTDOWN_TIMEOUT`). At the signal
 * the process stops taking work at once: it closes its listeners (requests in flight finish),
 * ends SFTP sessions with SSH's disconnect, claims no job, and says "not ready" on /readyz. Running
 * jobs have until the bound less a second to finish; those still running are handed back to the
 * queue for another process to take now. A second signal, or the bound itself, hands back what is
 * left (at most a second) and ends the process at once.
 *
 * Resolves with the exit status: 0 when everything stopped in time, 1 when the bound or a second
 * signal cut it short. Only the bin exits.
 */
import type { RunningServer } from '../server.js';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Time left at the bound to hand the running jobs back. */
const HAND_BACK_MS = 1_000;

const within = (ms: number, work: Promise<unknown>) => Promise.race([work.catch(() => undefined), new Promise((r) => setTimeout(r, ms).unref())]);

export function untilShutdown(server: Pick<RunningServer, 'shutdown' | 'handBack'>, o: { timeoutMs: number; log: Log }): Promise<number> {
  return new Promise<number>((resolve) => {
    let stopping = false;
    let bound: NodeJS.Timeout | undefined;
    const abort = (why: string) => {
      clearTimeout(bound);
      o.log.warn({ why }, 'shutdown cut short: running jobs are handed back and the process ends now');
      void within(HAND_BACK_MS, server.handBack()).then(() => resolve(1));
    };
    const onSignal = (signal: NodeJS.Signals) => {
      if (stopping) return abort(`second ${signal}`);
      stopping = true;
      o.log.info({ signal, timeoutSeconds: o.timeoutMs / 1000 }, 'shutting down: no new work; running work finishes or is handed back');
      bound = setTimeout(() => abort(`SHUTDOWN_TIMEOUT (${o.timeoutMs / 1000} s) reached`), o.timeoutMs);
      server.shutdown(Math.max(0, o.timeoutMs - HAND_BACK_MS)).then(
        () => {
          clearTimeout(bound);
          o.log.info({}, 'shut down');
          resolve(0);
        },
        (err: unknown) => {
          clearTimeout(bound);
          o.log.error({ err }, 'shutdown failed');
          resolve(1);
        },
      );
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  });
}
