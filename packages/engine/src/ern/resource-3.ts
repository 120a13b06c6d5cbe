/**
 * ERN 3.x resources (`ResourceList/SoundRecording|MIDI|Video|Image|Text|SheetMusic|Software|
 * UserDefinedResource`). Each kind names its children after itself (`SoundRecordingType`,
 * `SoundRecordingId/ISRC`, `SoundRecordingDetailsByTerritory/TechnicalSoundRecordingDetails`), so
 * one table is built per kind from the same rules.
 */
import type { OpenElement } from '../xml/events.js';
import type { ErnMessage, Resource, ResourceKind } from './model.js';
import { Table, under, type Dispatcher, type Rules } from './dispatch.js';
import { openArtist } from './artists.js';
import { addArtist, addGenre, addPcLine } from './collect.js';
import { openGenre } from './genres.js';
import { emptyResource } from './new-records.js';
import { openPcLine } from './pc-lines.js';
import { openTechnicalDetails } from './technical-details.js';
import { openTitle } from './titles.js';
import { located, pushUnique } from './values.js';

/** The element-name stem of each kind: `Midi` for MIDI (`MidiId`, `MidiDetailsByTerritory`). */
const STEMS: Record<string, ResourceKind> = {
  SoundRecording: 'SoundRecording',
  Midi: 'MIDI',
  Video: 'Video',
  Image: 'Image',
  Text: 'Text',
  SheetMusic: 'SheetMusic',
  Software: 'Software',
  UserDefinedResource: 'UserDefinedResource',
};

/** Element name under ResourceList -> kind. */
export const RESOURCE_ELEMENTS_3: Record<string, ResourceKind> = Object.fromEntries(
  Object.values(STEMS).map((kind) => [kind, kind]),
);

function tableFor(stem: string, kind: ResourceKind): Table<Resource> {
  const details: Rules<Resource> = {
    Title: { open: (el, r, d) => openTitle(el, d, el.attrs.TitleType ?? null, (t) => r.titles.push(t)) },
    DisplayArtist: { open: (el, r, d) => openArtist(el, d, (a) => addArtist(r.displayArtists, a)) },
    DisplayArtistName: { close: (el, r) => pushUnique(r.displayArtistNames, el.text) },
    PLine: { open: (el, r, d) => openPcLine(el, d, 'P', (l) => addPcLine(r.pLines, l)) },
    CLine: { open: (el, r, d) => openPcLine(el, d, 'C', (l) => addPcLine((r.cLines ??= []), l)) },
    Genre: { open: (el, r, d) => openGenre(el, d, (g) => addGenre(r.genres, g)) },
    ParentalWarningType: { close: (el, r) => pushUnique(r.parentalWarnings, el.text) },
    [`Technical${stem}Details`]: { open: (el, r, d) => openTechnicalDetails(el, d, kind, (td) => r.technical.push(td)) },
  };
  return new Table<Resource>(under(`${stem}DetailsByTerritory`, details), {
    ResourceReference: { close: (el, r) => { r.reference ??= located(el, el.text); } },
    [`${stem}Type`]: { close: (el, r) => { r.type ??= el.text; } },
    [`${stem}Id/ISRC`]: { close: (el, r) => { r.isrc ??= located(el, el.text); } },
    [`${stem}Id/ProprietaryId`]: { close: (el, r) => { r.proprietaryIds.push({ namespace: el.attrs.Namespace ?? null, value: el.text }); } },
    [`Indirect${stem}Id/ISWC`]: { close: (el, r) => { (r.iswcs ??= []).push(located(el, el.text)); } },
    ReferenceTitle: { open: (el, r, d) => openTitle(el, d, 'ReferenceTitle', (t) => r.titles.push(t)) },
    Title: { open: (el, r, d) => openTitle(el, d, el.attrs.TitleType ?? null, (t) => r.titles.push(t)) },
    Duration: { close: (el, r) => { r.duration ??= located(el, el.text); } },
    LanguageOfPerformance: { close: (el, r) => pushUnique(r.languages, el.text) },
  });
}

const TABLES = new Map<ResourceKind, Table<Resource>>(Object.entries(STEMS).map(([stem, kind]) => [kind, tableFor(stem, kind)]));

export function openResource3(el: OpenElement, d: Dispatcher, kind: ResourceKind, message: ErnMessage): void {
  const resource = emptyResource(el, kind);
  message.resources.push(resource);
  d.push(el, TABLES.get(kind)!, resource);
}
