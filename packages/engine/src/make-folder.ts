/**
 * `mkdir -p` for every folder ddex-check makes outside its own data: the caches under
 * XDG_CACHE_HOME (the engine's, the CLI's code cache, Node's compile cache, the schema cache) and the
 * folders of the paths a user gives (`-o`, `--write-baseline`). Node's own `mkdirSync(dir, {
 * recursive: true })`, and Node 22+'s `module.enableCompileCache(dir)`, never return when a parent
 * exists but the system answers ENOENT for the child (any new path under /proc on Linux): they make
 * the parent again, which exists, then try the child again, forever, at full CPU (Node 20 and 24,
 * checked). This walk stops there: once its parent exists, a child still not found is the answer.
 * Written here because `make-dir` and `mkdirp` call the same recursive mkdir. A subpath of its own
 * (`@ddex-check/engine/make-folder`): the CLI's bin uses it before it loads the engine.
 */
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** A folder on the way is a file: named, so the user sees which one. */
export class NotAFolderError extends Error {
  readonly code = 'ENOTDIR';
  constructor(readonly folder: string) {
    super(`${folder} is a file, not a folder`);
  }
}

/** Makes `dir` and the folders above it that are missing; throws what stops it (a file named, or the system's error). */
export function makeFolderSync(dir: string): void {
  if (makeOne(dir) === 'done') return;
  const parent = path.dirname(dir);
  if (parent !== dir) makeFolderSync(parent);
  // The parent exists now: a second ENOENT is final.
  if (makeOne(dir) === 'missing parent') {
    throw Object.assign(new Error(`ENOENT: no such file or directory, mkdir '${dir}' (its parent exists, but cannot hold it)`), { code: 'ENOENT' });
  }
}

function makeOne(dir: string): 'done' | 'missing parent' {
  try {
    mkdirSync(dir);
    return 'done';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return 'missing parent';
    if (code === 'ENOTDIR') throw fileAbove(dir) ?? error;
    if (code !== 'EEXIST') throw error;
  }
  // Something is there: a folder (or a link to one) will do; a file will not.
  if (!statSync(dir).isDirectory()) throw new NotAFolderError(dir);
  return 'done';
}

/** The file among the folders above `dir` (the nearest that exists), named. */
function fileAbove(dir: string): NotAFolderError | null {
  for (let at = path.dirname(dir); at !== path.dirname(at); at = path.dirname(at)) {
    let found;
    try {
      found = statSync(at);
    } catch {
      continue; // not there, or under the file: further up
    }
    return found.isDirectory() ? null : new NotAFolderError(at);
  }
  return null;
}
