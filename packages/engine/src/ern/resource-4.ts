/**
 * ERN 4.x resources (`ResourceList/SoundRecording|Video|Image|Text|SheetMusic|Software`). 4.1/4.2
 * keep ids, P-line and technical details on the resource; 4.3 moves them for sound recordings and
 * videos into `SoundRecordingEdition` / `VideoEdition` (whose TechnicalDetails then hold
 * `DeliveryFile`s). Both shapes are read by the same table.
 */
import type { OpenElement } from '../xml/events.js';
import type { ErnMessage, Resource, ResourceKind } from './model.js';
import { Table, under, type Dispatcher, type Rules } from './dispatch.js';
import { openArtist } from './artists.js';
import { openGenre } from './genres.js';
import { emptyResource } from './new-records.js';
import { openPcLine } from './pc-lines.js';
import { openTechnicalDetails } from './technical-details.js';
import { leafTitle, openTitle } from './titles.js';
import { located, pushUnique } from './values.js';

export const RESOURCE_ELEMENTS_4: Record<string, ResourceKind> = {
  SoundRecording: 'SoundRecording',
  Video: 'Video',
  Image: 'Image',
  Text: 'Text',
  SheetMusic: 'SheetMusic',
  Software: 'Software',
};

/** What may sit either on the resource (4.1/4.2, 4.3 non-AV) or in its 4.3 edition. */
const EDITION: Rules<Resource> = {
  'ResourceId/ISRC': { close: (el, r) => { r.isrc ??= located(el, el.text); } },
  'ResourceId/ProprietaryId': { close: (el, r) => { r.proprietaryIds.push({ namespace: el.attrs.Namespace ?? null, value: el.text }); } },
  PLine: { open: (el, r, d) => openPcLine(el, d, 'P', (l) => r.pLines.push(l)) },
  TechnicalDetails: { open: (el, r, d) => openTechnicalDetails(el, d, r.kind, (td) => r.technical.push(td)) },
};

const RESOURCE = new Table<Resource>(EDITION, under('SoundRecordingEdition', EDITION), under('VideoEdition', EDITION), {
  ResourceReference: { close: (el, r) => { r.reference ??= located(el, el.text); } },
  Type: { close: (el, r) => { r.type ??= el.text; } },
  'WorkId/ISWC': { close: (el, r) => { (r.iswcs ??= []).push(located(el, el.text)); } },
  DisplayTitleText: { close: (el, r) => { r.titles.push(leafTitle(el)); } },
  DisplayTitle: { open: (el, r, d) => openTitle(el, d, 'DisplayTitle', (t) => r.titles.push(t)) },
  AdditionalTitle: { open: (el, r, d) => openTitle(el, d, el.attrs.TitleType ?? 'AdditionalTitle', (t) => r.titles.push(t)) },
  DisplayArtistName: { close: (el, r) => pushUnique(r.displayArtistNames, el.text) },
  DisplayArtist: { open: (el, r, d) => openArtist(el, d, (a) => r.displayArtists.push(a)) },
  Duration: { close: (el, r) => { r.duration ??= located(el, el.text); } },
  CLine: { open: (el, r, d) => openPcLine(el, d, 'C', (l) => (r.cLines ??= []).push(l)) },
  Genre: { open: (el, r, d) => openGenre(el, d, (g) => r.genres.push(g)) },
  ParentalWarningType: { close: (el, r) => pushUnique(r.parentalWarnings, el.text) },
  LanguageOfPerformance: { close: (el, r) => pushUnique(r.languages, el.text) },
  LanguageOfText: { close: (el, r) => pushUnique(r.languages, el.text) },
  LanguageOfLyrics: { close: (el, r) => pushUnique(r.languages, el.text) },
});

export function openResource4(el: OpenElement, d: Dispatcher, kind: ResourceKind, message: ErnMessage): void {
  const resource = emptyResource(el, kind, d);
  message.resources.push(resource);
  d.push(el, RESOURCE, resource);
}
