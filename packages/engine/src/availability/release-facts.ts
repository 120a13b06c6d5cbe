/** How the views name a release: its local reference, its identifiers and a title to read. */
import type { Release, ReleaseIds } from '../ern/model.js';

export interface ReleaseIdsOut {
  icpn: string | null;
  grid: string | null;
  isrc: string | null;
  catalog_number: string | null;
  proprietary: { namespace: string | null; value: string }[];
}

export function idsOut(ids: ReleaseIds): ReleaseIdsOut {
  return {
    icpn: ids.icpn?.value ?? null,
    grid: ids.grid?.value ?? null,
    isrc: ids.isrc?.value ?? null,
    catalog_number: ids.catalogNumber?.value ?? null,
    proprietary: ids.proprietary.map((p) => ({ namespace: p.namespace, value: p.value })),
  };
}

/** The display title when there is one (4.x DisplayTitleText, 3.x DisplayTitle), else the first title. */
export function titleOf(release: { titles: Release['titles'] }): string | null {
  const titles = release.titles;
  const pick = titles.find((t) => t.type === 'DisplayTitleText' || t.type === 'DisplayTitle') ?? titles.find((t) => t.type === 'ReferenceTitle') ?? titles[0];
  if (!pick) return null;
  return pick.subTitle ? `${pick.text} (${pick.subTitle})` : pick.text;
}
