import { Table } from './dispatch.js';
import { openReleaseDeal } from './deals.js';
import { HEADER_RULES } from './header.js';
import { openPurgedRelease } from './purged-releases.js';
import { assignReleaseKinds3 } from './release-kind.js';
import { openRelease3 } from './release-3.js';
import { openResource3, RESOURCE_ELEMENTS_3 } from './resource-3.js';
const resources = {};
for (const [name, kind] of Object.entries(RESOURCE_ELEMENTS_3)) {
    resources[`ResourceList/${name}`] = { open: (el, m, d) => openResource3(el, d, kind, m) };
}
export const ROOT_TABLE_3 = new Table(HEADER_RULES, resources, {
    UpdateIndicator: { close: (el, m) => { m.header.updateIndicator = el.text; } },
    'ReleaseList/Release': { open: (el, m, d) => openRelease3(el, d, m) },
    'DealList/ReleaseDeal': { open: (el, m, d) => openReleaseDeal(el, d, m) },
    PurgedRelease: { open: (el, m, d) => openPurgedRelease(el, d, m) },
});
/** Message-end work for 3.x: release kinds need every release. */
export function finish3(message) {
    assignReleaseKinds3(message.releases);
}
//# sourceMappingURL=reader-3.js.map