/**
 * Gives checks that were located by path only (schema errors, engine findings) the release and
 * resource they sit in. A release or resource is a direct child of ReleaseList / ResourceList, so
 * the first three steps of a check's path name it.
 */
import type { ErnMessage, Records } from '../ern/model.js';
import type { LocId } from '../xml/loc-table.js';
import type { Check } from './types.js';

/** `/NewReleaseMessage/ReleaseList/Release[2]/ReleaseId/ICPN` -> `/NewReleaseMessage/ReleaseList/Release[2]`. */
function itemPath(field: string): string {
  let at = 0;
  for (let step = 0; step < 3; step++) {
    at = field.indexOf('/', at + 1);
    if (at < 0) return field;
  }
  return field.slice(0, at);
}

export function attributeByPath(checks: Check[], message: ErnMessage, file: string): void {
  // The records named by the checks' paths, by path: found by going through the list a path names, its records' paths
  // joined one at a time (xml/path-table.ts), not by a map of every record's path (at 1 GB a schema error made maps of
  // 800,000 paths: 1.1 s and 130 MB).
  const open = checks.filter((check) => check.file === file && check.field && !(check.release !== null && check.resource));
  if (open.length === 0) return;
  const wanted = new Set(open.map((check) => itemPath(check.field)));
  const releases = referencesAt(message.releases, wanted, message);
  const resources = referencesAt(message.resources, wanted, message);
  for (const check of open) {
    const item = itemPath(check.field);
    if (check.release === null) check.release = releases.get(item) ?? null;
    if (!check.resource) {
      const resource = resources.get(item);
      if (resource) check.resource = resource;
    }
  }
}

/**
 * The references of the records of `list` whose paths are among `wanted`: only when a wanted path
 * is in an element of the list's name (a check in a deal reads no release), and up to the last
 * one found.
 */
function referencesAt(list: Records<{ loc: LocId; reference: { value: string } | null }>, wanted: ReadonlySet<string>, message: ErnMessage): Map<string, string> {
  const found = new Map<string, string>();
  if (list.length === 0) return found;
  const locations = message.locations;
  const name = listName(locations.path(list.at(0)!.loc));
  let left = 0;
  for (const path of wanted) if (listName(path) === name) left++;
  for (let i = 0; i < list.length && left > 0; i++) {
    const record = list.at(i)!;
    const path = locations.path(record.loc);
    if (!wanted.has(path)) continue;
    left--;
    if (record.reference) found.set(path, record.reference.value);
  }
  return found;
}

/** `/NewReleaseMessage/ReleaseList[2]/Release[3]` -> `ReleaseList`: the name of the list element a path is in. */
function listName(path: string): string {
  const start = path.indexOf('/', 1) + 1;
  const end = path.indexOf('/', start);
  const step = path.slice(start, end < 0 ? path.length : end);
  const bracket = step.indexOf('[');
  return bracket < 0 ? step : step.slice(0, bracket);
}
