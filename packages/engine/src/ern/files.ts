/**
 * `File` elements of technical details. 3.x: `FileName` + `FilePath?` (relative to the message,
 * joined as a path), or `URL`; hash in `HashSum/HashSum` + `HashSumAlgorithmType`. 4.x: `URI`,
 * `HashSum/Algorithm` + `HashSumValue`, `FileSize`.
 */
import path from 'node:path';
import type { OpenElement } from '../xml/events.js';
import type { HashSum, ResourceFile } from './model.js';
import { Table, type Dispatcher } from './dispatch.js';
import { locOf, toNumber } from './values.js';

interface FileDraft {
  file: ResourceFile;
  uri: string | null;
  url: string | null;
}

const hash = (f: FileDraft): HashSum => (f.file.hash ??= { algorithm: '', value: '', loc: f.file.loc });

const FILE = new Table<FileDraft>({
  URI: { close: (el, f) => { f.uri ??= el.text; } },
  URL: { close: (el, f) => { f.url ??= el.text; } },
  FileName: { close: (el, f) => { f.file.fileName ??= el.text; } },
  FilePath: { close: (el, f) => { f.file.filePath ??= el.text; } },
  FileSize: { close: (el, f) => { f.file.declaredSize = toNumber(el.text); } },
  HashSum: { open: (el, f, d) => { f.file.hash ??= { algorithm: '', value: '', loc: locOf(el, d) }; } },
  'HashSum/HashSum': { close: (el, f) => { hash(f).value = el.text; } },
  'HashSum/HashSumAlgorithmType': { close: (el, f) => { hash(f).algorithm = el.text; } },
  'HashSum/HashSumValue': { close: (el, f) => { hash(f).value = el.text; } },
  'HashSum/Algorithm': { close: (el, f) => { hash(f).algorithm = el.text; } },
});

export function openFile(el: OpenElement, d: Dispatcher, add: (f: ResourceFile) => void): void {
  const draft: FileDraft = {
    file: { uri: '', fileName: null, filePath: null, hash: null, declaredSize: null, loc: locOf(el, d) },
    uri: null,
    url: null,
  };
  d.push(el, FILE, draft, (f) => {
    f.file.uri = f.uri ?? joinFilePath(f.file.filePath, f.file.fileName) ?? f.url ?? '';
    add(f.file);
  });
}

/**
 * 3.x FilePath + FileName as one relative reference. A path join, not concatenation: `resources/`
 * and `assets` (no trailing slash) both work. Backslashes (Windows senders) are read as separators.
 */
export function joinFilePath(filePath: string | null, fileName: string | null): string | null {
  if (fileName === null || fileName === '') return null;
  if (filePath === null || filePath === '') return fileName;
  const dir = filePath.includes('\\') ? filePath.replaceAll('\\', '/') : filePath;
  return path.posix.join(dir, fileName);
}
