/** Where jobs and the queue write what happened (the process's logger, or a test's). */
export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}
