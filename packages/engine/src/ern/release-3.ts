/**
 * ERN 3.x `ReleaseList/Release`. Identity, reference title, resource list, P/C lines and global
 * dates sit on the release; display data sits in `ReleaseDetailsByTerritory` blocks (RDBT), which
 * may be partial territorial overrides. Merging policy (see territory-blocks.ts): titles and genres
 * come from every block with the block's territory; artists, labels, lines, warnings, dates and
 * the track list come from the first block that has them; RDBT dates win over
 * `GlobalReleaseDate` / `GlobalOriginalReleaseDate`.
 */
import type { OpenElement } from '../xml/events.js';
import type { ErnMessage, Release } from './model.js';
import { Table, focus, under, type Dispatcher, type Rules } from './dispatch.js';
import { openArtist } from './artists.js';
import { addArtist, addGenre, addPcLine } from './collect.js';
import { claim, newBlockState, type BlockState } from './territory-blocks.js';
import { openGenre } from './genres.js';
import { emptyRelease } from './new-records.js';
import { openPcLine } from './pc-lines.js';
import { RELEASE_ID_RULES } from './release-ids.js';
import { openResourceGroup } from './resource-groups.js';
import { openTitle } from './titles.js';
import { located, pushUnique } from './values.js';

interface Draft extends BlockState {
  release: Release;
}

/** The territory a block's titles and genres apply to: its first included code, if any. */
const blockTerritory = (r: Draft): string | null => r.release.territories[r.block]?.included[0] ?? null;

const RDBT: Rules<Draft> = {
  TerritoryCode: { close: (el, r) => { r.release.territories[r.block]?.included.push(el.text); } },
  ExcludedTerritoryCode: { close: (el, r) => { r.release.territories[r.block]?.excluded.push(el.text); } },
  DisplayArtistName: { close: (el, r) => { if (claim(r, 'names')) pushUnique(r.release.displayArtistNames, el.text); } },
  LabelName: { close: (el, r) => { if (claim(r, 'labels')) pushUnique(r.release.labels, el.text); } },
  Title: { open: (el, r, d) => openTitle(el, d, el.attrs.TitleType ?? null, (t) => r.release.titles.push(t), blockTerritory(r)) },
  DisplayArtist: { open: (el, r, d) => { if (claim(r, 'artists')) openArtist(el, d, (a) => addArtist(r.release.displayArtists, a)); } },
  ReleaseType: { close: (el, r) => pushUnique(r.release.types, el.text) },
  ParentalWarningType: { close: (el, r) => { if (claim(r, 'warnings')) pushUnique(r.release.parentalWarnings, el.text); } },
  ResourceGroup: { open: (el, r, d) => { if (claim(r, 'tracks')) openResourceGroup(el, d, r.release); } },
  Genre: { open: (el, r, d) => openGenre(el, d, (g) => addGenre(r.release.genres, g), blockTerritory(r)) },
  PLine: { open: (el, r, d) => { if (claim(r, 'pLines')) openPcLine(el, d, 'P', (l) => addPcLine(r.release.pLines, l)); } },
  CLine: { open: (el, r, d) => { if (claim(r, 'cLines')) openPcLine(el, d, 'C', (l) => addPcLine(r.release.cLines, l)); } },
  ReleaseDate: { close: (el, r) => { r.release.releaseDate ??= located(el, el.text); } },
  OriginalReleaseDate: { close: (el, r) => { r.release.originalReleaseDate ??= located(el, el.text); } },
};

const RELEASE = new Table<Draft>(
  under('ReleaseId', focus(RELEASE_ID_RULES, (r: Draft) => r.release.ids)),
  under('ReleaseDetailsByTerritory', RDBT),
  {
    ReleaseReference: { close: (el, r) => { r.release.reference ??= located(el, el.text); } },
    ReleaseType: { close: (el, r) => pushUnique(r.release.types, el.text) },
    ReferenceTitle: { open: (el, r, d) => openTitle(el, d, 'ReferenceTitle', (t) => r.release.titles.push(t), null) },
    'ReleaseResourceReferenceList/ReleaseResourceReference': {
      close: (el, r) => { r.release.resourceReferences.push(located(el, el.text)); },
    },
    ReleaseDetailsByTerritory: {
      open: (_el, r) => {
        r.block = r.release.territories.length;
        r.release.territories.push({ included: [], excluded: [] });
      },
    },
    PLine: { open: (el, r, d) => openPcLine(el, d, 'P', (l) => addPcLine(r.release.pLines, l)) },
    CLine: { open: (el, r, d) => openPcLine(el, d, 'C', (l) => addPcLine(r.release.cLines, l)) },
    GlobalReleaseDate: { close: (el, r) => { r.release.releaseDate ??= located(el, el.text); } },
    GlobalOriginalReleaseDate: { close: (el, r) => { r.release.originalReleaseDate ??= located(el, el.text); } },
    Duration: { close: (el, r) => { r.release.duration = el.text; } },
    LanguageOfPerformance: { close: (el, r) => pushUnique(r.release.languages, el.text) },
  },
);

/** Opens a 3.x release; its kind is decided at message end (`assignReleaseKinds3`). */
export function openRelease3(el: OpenElement, d: Dispatcher, message: ErnMessage): void {
  const release = emptyRelease(el, 'other', d);
  message.releases.push(release);
  d.push<Draft>(el, RELEASE, { release, ...newBlockState() });
}
