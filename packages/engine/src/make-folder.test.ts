/**
 * `makeFolderSync` (make-folder.ts): `mkdir -p` that names a file in the way and never spins where
 * Node's recursive mkdir does (a new path under /proc).
 */
import { mkdtempSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeFolderSync, NotAFolderError } from './make-folder.js';

const scratch = () => mkdtempSync(path.join(os.tmpdir(), 'make-folder-'));

describe('makeFolder', () => {
  it('makes every missing folder, and accepts one that exists or a link to one', () => {
    const dir = scratch();
    makeFolderSync(path.join(dir, 'a/b/c'));
    expect(statSync(path.join(dir, 'a/b/c')).isDirectory()).toBe(true);
    makeFolderSync(path.join(dir, 'a/b/c'));
    symlinkSync(path.join(dir, 'a'), path.join(dir, 'link'));
    makeFolderSync(path.join(dir, 'link/b/d'));
    expect(statSync(path.join(dir, 'a/b/d')).isDirectory()).toBe(true);
  });

  it('names the file that stands where a folder should be', () => {
    const dir = scratch();
    writeFileSync(path.join(dir, 'report'), '');
    expect(() => makeFolderSync(path.join(dir, 'report'))).toThrow(new NotAFolderError(path.join(dir, 'report')));
    expect(() => makeFolderSync(path.join(dir, 'report/sub/deeper'))).toThrow(`${path.join(dir, 'report')} is a file, not a folder`);
  });

  it.runIf(process.platform === 'linux')('ends with ENOENT under /proc, where Node\'s recursive mkdir never returns', () => {
    expect(() => makeFolderSync('/proc/ddex-check-nowhere/out')).toThrow(expect.objectContaining({ code: 'ENOENT', message: expect.stringContaining("mkdir '/proc/ddex-check-nowhere'") }));
  });
});
