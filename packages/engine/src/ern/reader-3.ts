/**
 * The ERN 3.x (3.7-3.8.2) root table: header, UpdateIndicator, resources, releases, deals and
 * purged releases, each delegated to its own scope. Paths are relative to the root element, so
 * NewReleaseMessage and PurgeReleaseMessage share it.
 */
import type { ErnMessage, ResourceKind } from './model.js';
import { Table, type Rules } from './dispatch.js';
import { openReleaseDeal } from './deals.js';
import { HEADER_RULES } from './header.js';
import { openPurgedRelease } from './purged-releases.js';
import { assignReleaseKinds3 } from './release-kind.js';
import { openRelease3 } from './release-3.js';
import { openResource3, RESOURCE_ELEMENTS_3 } from './resource-3.js';

const resources: Rules<ErnMessage> = {};
for (const [name, kind] of Object.entries(RESOURCE_ELEMENTS_3) as [string, ResourceKind][]) {
  resources[`ResourceList/${name}`] = { open: (el, m, d) => openResource3(el, d, kind, m) };
}

export const ROOT_TABLE_3 = new Table<ErnMessage>(HEADER_RULES, resources, {
  UpdateIndicator: { close: (el, m) => { m.header.updateIndicator = el.text; } },
  'ReleaseList/Release': { open: (el, m, d) => openRelease3(el, d, m) },
  'DealList/ReleaseDeal': { open: (el, m, d) => openReleaseDeal(el, d, m) },
  PurgedRelease: { open: (el, m, d) => openPurgedRelease(el, d, m) },
});

/** Message-end work for 3.x: release kinds need every release. */
export function finish3(message: ErnMessage): void {
  assignReleaseKinds3(message.releases);
}
