/**
 * Gives checks that were located by path only (schema errors, engine findings) the release and
 * resource they sit in. A release or resource is a direct child of ReleaseList / ResourceList, so
 * the first three steps of a check's path name it: one map lookup per check.
 */
import type { ErnMessage } from '../ern/model.js';
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
  // Built only when a check needs them: paths are joined when read (xml/path-table.ts).
  let releases: Map<string, string> | null = null;
  let resources: Map<string, string> | null = null;
  for (const check of checks) {
    if (check.file !== file || !check.field) continue;
    if (check.release !== null && check.resource) continue;
    const locations = message.locations;
    releases ??= new Map(message.releases.filter((r) => r.reference).map((r) => [locations.loc(r.loc).path, r.reference!.value]));
    resources ??= new Map(message.resources.filter((r) => r.reference).map((r) => [locations.loc(r.loc).path, r.reference!.value]));
    const item = itemPath(check.field);
    if (check.release === null) check.release = releases.get(item) ?? null;
    if (!check.resource) {
      const resource = resources.get(item);
      if (resource) check.resource = resource;
    }
  }
}
