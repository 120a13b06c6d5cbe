/**
 * The inbox as a client sees it and where it lives on disk. Each account has its own tree under
 * `<data-dir>/sftp/accounts/<id>/tree/{production,test}` (shared by every process on the data
 * volume) and a scratch folder `work/` beside it (reports being written, batches being zipped).
 * Every client path is resolved here, lexically, against the virtual root: nothing outside the
 * two folders can be named, whatever `..`, absolute paths or renames a client tries.
 */
import fs from 'node:fs';
import path from 'node:path';
import { makeFolderSync } from '@ddex-check/engine/make-folder';

export type Area = 'production' | 'test';
export const AREAS: Area[] = ['production', 'test'];

/** A resolved client path: `/`, an area (`/test`), or something inside one. */
export type InboxPath =
  | { kind: 'root'; virtual: '/' }
  | { kind: 'area'; virtual: string; area: Area }
  /** `parts`: the segments after the area (at least one). */
  | { kind: 'entry'; virtual: string; area: Area; parts: string[] };

export class PathRefused extends Error {
  constructor(
    message: string,
    readonly code: 'denied' | 'missing' = 'denied',
  ) {
    super(message);
  }
}

/** Resolves a client path (relative ones against `/`, the only working folder). Refuses escapes and unknown top folders. */
export function resolveClientPath(given: string): InboxPath {
  if (given.includes('\0')) throw new PathRefused('a path cannot hold a NUL byte');
  const stack: string[] = [];
  for (const segment of given.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (stack.length === 0) throw new PathRefused(`"${given}" leaves your inbox: only /production and /test exist`);
      stack.pop();
      continue;
    }
    stack.push(segment);
  }
  if (stack.length === 0) return { kind: 'root', virtual: '/' };
  const [top, ...rest] = stack;
  if (top !== 'production' && top !== 'test') throw new PathRefused(`"/${top}" is not in your inbox: it has only /production and /test`, 'missing');
  for (const part of rest) {
    if (/[\u0000-\u001f\\]/.test(part)) throw new PathRefused(`"${part}": names cannot hold control characters or backslashes`);
  }
  const virtual = '/' + stack.join('/');
  return rest.length === 0 ? { kind: 'area', virtual, area: top } : { kind: 'entry', virtual, area: top, parts: rest };
}

/** Markers that finish a batch folder (DDEX ERN-C: `BatchComplete_*.xml`; many tools: `*.complete`). */
export function isMarkerName(name: string): boolean {
  return /^BatchComplete_.*\.xml$/i.test(name) || /\.complete$/i.test(name);
}

/** Names the server writes itself in /test: clients cannot write them. */
export function isReportName(name: string): boolean {
  return /\.report\.(txt|json)$/i.test(name);
}

/** `<batch>` for a folder, `<file>` (without .xml or .zip) for a single file: the reports are `<base>.report.txt|json` (spec 1). */
export function reportBase(name: string, kind: 'folder' | 'file'): string {
  return kind === 'file' ? name.replace(/\.(xml|zip)$/i, '') : name;
}

/** A single file tested as a batch when written at the top of /test. */
export function isTestableFile(name: string): boolean {
  return /\.(xml|zip)$/i.test(name) && !isReportName(name) && !isMarkerName(name);
}

export class InboxTree {
  readonly root: string;
  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'sftp', 'accounts');
  }

  accountDir(accountId: number): string {
    return path.join(this.root, String(accountId));
  }

  /** Creates the account's two folders (and scratch folder) when missing. */
  ensure(accountId: number): void {
    for (const area of AREAS) makeFolderSync(this.areaDir(accountId, area));
    makeFolderSync(this.workDir(accountId));
  }

  areaDir(accountId: number, area: Area): string {
    return path.join(this.accountDir(accountId), 'tree', area);
  }

  workDir(accountId: number): string {
    return path.join(this.accountDir(accountId), 'work');
  }

  /** Disk path of a resolved client path (never outside the account's tree: the parts hold no `..`). */
  diskPath(accountId: number, p: InboxPath): string {
    if (p.kind === 'root') return path.join(this.accountDir(accountId), 'tree');
    if (p.kind === 'area') return this.areaDir(accountId, p.area);
    return path.join(this.areaDir(accountId, p.area), ...p.parts);
  }

  /** Accounts that have an inbox on disk. */
  accounts(): number[] {
    if (!fs.existsSync(this.root)) return [];
    return fs
      .readdirSync(this.root)
      .filter((n) => /^\d+$/.test(n))
      .map(Number);
  }
}
