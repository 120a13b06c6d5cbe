/**
 * ERN 4.x releases: `ReleaseList/Release` (the main release), `TrackRelease` and 4.3 `ClipRelease`.
 * Everything sits on the release itself (no territory blocks); repeated elements carry
 * `@ApplicableTerritoryCode`. Display artists and labels point into the PartyList and get their
 * names at message end. The first ReleaseDate / OriginalReleaseDate is kept.
 */
import type { OpenElement } from '../xml/events.js';
import type { ErnMessage, Release } from './model.js';
import { Table, focus, under, type Dispatcher } from './dispatch.js';
import { openArtist } from './artists.js';
import { openGenre } from './genres.js';
import { emptyRelease } from './new-records.js';
import { openPcLine } from './pc-lines.js';
import { RELEASE_ID_RULES } from './release-ids.js';
import { openResourceGroup } from './resource-groups.js';
import { leafTitle, openTitle } from './titles.js';
import { located, pushUnique } from './values.js';

const RELEASE = new Table<Release>(under('ReleaseId', focus(RELEASE_ID_RULES, (r: Release) => r.ids)), {
  ReleaseReference: { close: (el, r) => { r.reference ??= located(el, el.text); } },
  ReleaseType: { close: (el, r) => pushUnique(r.types, el.text) },
  DisplayTitleText: { close: (el, r) => { r.titles.push(leafTitle(el)); } },
  DisplayTitle: { open: (el, r, d) => openTitle(el, d, 'DisplayTitle', (t) => r.titles.push(t)) },
  AdditionalTitle: { open: (el, r, d) => openTitle(el, d, el.attrs.TitleType ?? 'AdditionalTitle', (t) => r.titles.push(t)) },
  DisplayArtistName: { close: (el, r) => pushUnique(r.displayArtistNames, el.text) },
  DisplayArtist: { open: (el, r, d) => openArtist(el, d, (a) => r.displayArtists.push(a)) },
  ReleaseLabelReference: { close: (el, r) => pushUnique(r.labelReferences, el.text) },
  PLine: { open: (el, r, d) => openPcLine(el, d, 'P', (l) => r.pLines.push(l)) },
  CLine: { open: (el, r, d) => openPcLine(el, d, 'C', (l) => r.cLines.push(l)) },
  Duration: { close: (el, r) => { r.duration = el.text; } },
  Genre: { open: (el, r, d) => openGenre(el, d, (g) => r.genres.push(g)) },
  ReleaseDate: { close: (el, r) => { r.releaseDate ??= located(el, el.text); } },
  OriginalReleaseDate: { close: (el, r) => { r.originalReleaseDate ??= located(el, el.text); } },
  ParentalWarningType: { close: (el, r) => pushUnique(r.parentalWarnings, el.text) },
  ResourceGroup: { open: (el, r, d) => openResourceGroup(el, d, r) },
  ReleaseResourceReference: { close: (el, r) => { r.resourceReferences.push(located(el, el.text)); } },
  LinkedReleaseResourceReference: { close: (el, r) => { (r.linkedResourceReferences ??= []).push(located(el, el.text)); } },
});

const KINDS: Record<string, Release['kind']> = { Release: 'main', TrackRelease: 'track', ClipRelease: 'clip' };

export function openRelease4(el: OpenElement, d: Dispatcher, message: ErnMessage): void {
  const release = emptyRelease(el, KINDS[el.name] ?? 'other', d);
  if (el.attrs.LanguageAndScriptCode) release.languages.push(el.attrs.LanguageAndScriptCode);
  message.releases.push(release);
  d.push(el, RELEASE, release);
}
