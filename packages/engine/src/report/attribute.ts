/**
 * Gives checks that were located by path only (schema errors, engine findings) the release and
 * resource they sit in, by the longest release/resource path that prefixes the check's field.
 */
import type { ErnMessage } from '../ern/model.js';
import type { Check } from './types.js';

export function attributeByPath(checks: Check[], message: ErnMessage, file: string): void {
  const releases = message.releases.filter((r) => r.reference).map((r) => ({ path: r.loc.path, ref: r.reference!.value }));
  const resources = message.resources.filter((r) => r.reference).map((r) => ({ path: r.loc.path, ref: r.reference!.value }));
  const inside = (field: string, path: string) => field === path || field.startsWith(path + '/');
  for (const check of checks) {
    if (check.file !== file || !check.field) continue;
    if (check.release === null) {
      const release = releases.find((r) => inside(check.field, r.path));
      if (release) check.release = release.ref;
    }
    if (!check.resource) {
      const resource = resources.find((r) => inside(check.field, r.path));
      if (resource) check.resource = resource.ref;
    }
  }
}
