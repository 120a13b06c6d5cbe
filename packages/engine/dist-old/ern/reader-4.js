import { Table } from './dispatch.js';
import { openReleaseDeal } from './deals.js';
import { HEADER_RULES } from './header.js';
import { openParty, resolvePartyNames } from './parties.js';
import { openPurgedRelease } from './purged-releases.js';
import { openRelease4 } from './release-4.js';
import { openResource4, RESOURCE_ELEMENTS_4 } from './resource-4.js';
import { located } from './values.js';
const resources = {};
for (const [name, kind] of Object.entries(RESOURCE_ELEMENTS_4)) {
    resources[`ResourceList/${name}`] = { open: (el, m, d) => openResource4(el, d, kind, m) };
}
const visibility = { close: (el, m) => { (m.visibilityReferences ??= []).push(located(el, el.text)); } };
export const ROOT_TABLE_4 = new Table(HEADER_RULES, resources, {
    'PartyList/Party': { open: (el, m, d) => openParty(el, d, m) },
    'ReleaseList/Release': { open: (el, m, d) => openRelease4(el, d, m) },
    'ReleaseList/TrackRelease': { open: (el, m, d) => openRelease4(el, d, m) },
    'ReleaseList/ClipRelease': { open: (el, m, d) => openRelease4(el, d, m) },
    'DealList/ReleaseDeal': { open: (el, m, d) => openReleaseDeal(el, d, m) },
    'DealList/ReleaseVisibility/VisibilityReference': visibility,
    'DealList/TrackReleaseVisibility/VisibilityReference': visibility,
    PurgedRelease: { open: (el, m, d) => openPurgedRelease(el, d, m) },
});
export function finish4(message) {
    resolvePartyNames(message);
}
//# sourceMappingURL=reader-4.js.map