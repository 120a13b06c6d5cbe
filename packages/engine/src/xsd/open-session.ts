/**
 * A validation session on a compiled XSD set, opened from plain data: by the compiled validator on
 * the pass's thread, and by the parse thread (xml/parse-worker.ts), which validates a big message
 * on its own side of the pass (the task is cloned to it).
 */
import { loadCompiledSet } from './compiled-cache.js';
import { ValidationSession } from './validation-session.js';

/** A validation of one message handed to the parse thread: plain data, cloned to the thread. */
export interface SchemaThreadTask {
  version: string;
  mainFile: string;
  cacheDir: string | null;
  identityConstraints: boolean;
}

/** A session on the task's compiled set, or why the set could not be had. */
export function openSession(task: SchemaThreadTask): ValidationSession | string {
  let loaded;
  try {
    loaded = loadCompiledSet(task.mainFile, task.cacheDir);
  } catch (err) {
    return `the XSD set for ERN ${task.version} could not be compiled: ${(err as Error).message}`;
  }
  return new ValidationSession(loaded.set, loaded.checker, { identityConstraints: task.identityConstraints });
}
