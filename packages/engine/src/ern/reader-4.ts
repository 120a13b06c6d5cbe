/**
 * The ERN 4.x (4.1-4.3) root table: header, PartyList, resources, releases (Release / TrackRelease /
 * ClipRelease), deals, visibility anchors and purged releases. Party names are resolved at the end.
 */
import type { ErnMessage, ResourceKind } from './model.js';
import { Table, type Rule, type Rules } from './dispatch.js';
import { openReleaseDeal } from './deals.js';
import { HEADER_RULES } from './header.js';
import { openParty, resolvePartyNames } from './parties.js';
import { openPurgedRelease } from './purged-releases.js';
import { openRelease4 } from './release-4.js';
import { openResource4, RESOURCE_ELEMENTS_4 } from './resource-4.js';
import { located } from './values.js';

const resources: Rules<ErnMessage> = {};
for (const [name, kind] of Object.entries(RESOURCE_ELEMENTS_4) as [string, ResourceKind][]) {
  resources[`ResourceList/${name}`] = { open: (el, m, d) => openResource4(el, d, kind, m) };
}

const visibility: Rule<ErnMessage> = { close: (el, m) => { (m.visibilityReferences ??= []).push(located(el, el.text)); } };

export const ROOT_TABLE_4 = new Table<ErnMessage>(HEADER_RULES, resources, {
  'PartyList/Party': { open: (el, m, d) => openParty(el, d, m) },
  'ReleaseList/Release': { open: (el, m, d) => openRelease4(el, d, m) },
  'ReleaseList/TrackRelease': { open: (el, m, d) => openRelease4(el, d, m) },
  'ReleaseList/ClipRelease': { open: (el, m, d) => openRelease4(el, d, m) },
  'DealList/ReleaseDeal': { open: (el, m, d) => openReleaseDeal(el, d, m) },
  'DealList/ReleaseVisibility/VisibilityReference': visibility,
  'DealList/TrackReleaseVisibility/VisibilityReference': visibility,
  PurgedRelease: { open: (el, m, d) => openPurgedRelease(el, d, m) },
});

/** `namesLeft`: a record may name a party listed after it, or was not resolved as it closed (see `resolvePartyNames`). */
export function finish4(message: ErnMessage, namesLeft: boolean): void {
  if (namesLeft) resolvePartyNames(message);
}
