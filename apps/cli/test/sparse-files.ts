import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/**
 * A temporary folder, removed after the calling file's tests, and `sized`: a sparse file of `size`
 * bytes at `name` in it (no disk taken), its folders made; returns its absolute path.
 */
export function sparseFolder(prefix: string): { dir: string; sized: (name: string, size: number) => string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const sized = (name: string, size: number) => {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '');
    truncateSync(file, size);
    return file;
  };
  return { dir, sized };
}
