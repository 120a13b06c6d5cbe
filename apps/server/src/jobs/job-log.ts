/** Where jobs and the queue write what happened (the process's logger, or a test's). */
export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
  /** pino's child logger: every line it writes carries `bindings` (the job's id and kind). */
  child?(bindings: Record<string, unknown>): JobLog;
}

/** A log whose every line names the job (`job`, `kind`); a log without children adds them to each line itself. */
export function jobLogOf(log: JobLog, bindings: { job: number; kind: string }): JobLog {
  if (log.child) return log.child(bindings);
  return {
    info: (obj, msg) => log.info({ ...bindings, ...obj }, msg),
    warn: (obj, msg) => log.warn({ ...bindings, ...obj }, msg),
    error: (obj, msg) => log.error({ ...bindings, ...obj }, msg),
  };
}
