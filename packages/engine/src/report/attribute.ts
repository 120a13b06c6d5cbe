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
  // Each list is asked only for the paths in it, by the checks lacking what it gives: a rule's finding
  // on a resource names the resource already, and a resource's path is in no release (34,000 findings
  // of a broken catalog had made a view and a path of every resource up to the last of them).
  const releaseList = listOf(message.releases, message);
  const resourceList = listOf(message.resources, message);
  const items = new Array<string>(open.length);
  const releaseWanted = new Set<string>();
  const resourceWanted = new Set<string>();
  for (let i = 0; i < open.length; i++) {
    const check = open[i];
    const item = (items[i] = itemPath(check.field));
    const list = listName(item);
    if (check.release === null && list === releaseList) releaseWanted.add(item);
    if (!check.resource && list === resourceList) resourceWanted.add(item);
  }
  const releases = referencesAt(message.releases, releaseWanted, message);
  const resources = referencesAt(message.resources, resourceWanted, message);
  for (let i = 0; i < open.length; i++) {
    const check = open[i];
    if (check.release === null) check.release = releases.get(items[i]) ?? null;
    if (!check.resource) {
      const resource = resources.get(items[i]);
      if (resource) check.resource = resource;
    }
  }
}

/** The name of the list element `list`'s records are in (`ReleaseList`), from its first record's path; null for an empty list. */
function listOf(list: Records<{ loc: LocId }>, message: ErnMessage): string | null {
  return list.length === 0 ? null : listName(message.locations.path(list.at(0)!.loc));
}

/** The references of the records of `list` whose paths are among `wanted` (all in the list's element), up to the last one found. */
function referencesAt(list: Records<{ loc: LocId; reference: { value: string } | null }>, wanted: ReadonlySet<string>, message: ErnMessage): Map<string, string> {
  const found = new Map<string, string>();
  const locations = message.locations;
  // Every wanted path is in this list (attributeByPath): it is gone through up to the last one found.
  let left = wanted.size;
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
