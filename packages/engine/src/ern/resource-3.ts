/**
 * ERN 3.x resources (`ResourceList/SoundRecording|MIDI|Video|Image|Text|SheetMusic|Software|
 * UserDefinedResource`). Each kind names its children after itself (`SoundRecordingType`,
 * `SoundRecordingId/ISRC`, `SoundRecordingDetailsByTerritory/TechnicalSoundRecordingDetails`), so
 * one table is built per kind from the same rules. Territory blocks merge as for releases
 * (territory-blocks.ts).
 */
import type { OpenElement } from '../xml/events.js';
import type { ErnMessage, Resource, ResourceKind } from './model.js';
import { Table, under, type Dispatcher, type Rules } from './dispatch.js';
import { openArtist } from './artists.js';
import { addArtist, addGenre, addPcLine } from './collect.js';
import { claim, newBlockState, type BlockState } from './territory-blocks.js';
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

interface Draft extends BlockState {
  resource: Resource;
}

function tableFor(stem: string, kind: ResourceKind): Table<Draft> {
  const details: Rules<Draft> = {
    Title: { open: (el, { resource: r }, d) => openTitle(el, d, el.attrs.TitleType ?? null, (t) => r.titles.push(t)) },
    DisplayArtist: { open: (el, s, d) => { if (claim(s, 'artists')) openArtist(el, d, (a) => addArtist(s.resource.displayArtists, a)); } },
    DisplayArtistName: { close: (el, s) => { if (claim(s, 'names')) pushUnique(s.resource.displayArtistNames, el.text); } },
    PLine: { open: (el, s, d) => { if (claim(s, 'pLines')) openPcLine(el, d, 'P', (l) => addPcLine(s.resource.pLines, l)); } },
    CLine: { open: (el, s, d) => { if (claim(s, 'cLines')) openPcLine(el, d, 'C', (l) => addPcLine((s.resource.cLines ??= []), l)); } },
    Genre: { open: (el, { resource: r }, d) => openGenre(el, d, (g) => addGenre(r.genres, g)) },
    ParentalWarningType: { close: (el, s) => { if (claim(s, 'warnings')) pushUnique(s.resource.parentalWarnings, el.text); } },
    [`Technical${stem}Details`]: { open: (el, { resource: r }, d) => openTechnicalDetails(el, d, kind, (td) => r.technical.push(td)) },
  };
  return new Table<Draft>(under(`${stem}DetailsByTerritory`, details), {
    [`${stem}DetailsByTerritory`]: { open: (_el, s) => { s.block++; } },
    ResourceReference: { close: (el, { resource: r }) => { r.reference ??= located(el, el.text); } },
    [`${stem}Type`]: { close: (el, { resource: r }) => { r.type ??= el.text; } },
    [`${stem}Id/ISRC`]: { close: (el, { resource: r }) => { r.isrc ??= located(el, el.text); } },
    [`${stem}Id/ProprietaryId`]: { close: (el, { resource: r }) => { r.proprietaryIds.push({ namespace: el.attrs.Namespace ?? null, value: el.text }); } },
    [`Indirect${stem}Id/ISWC`]: { close: (el, { resource: r }) => { (r.iswcs ??= []).push(located(el, el.text)); } },
    ReferenceTitle: { open: (el, { resource: r }, d) => openTitle(el, d, 'ReferenceTitle', (t) => r.titles.push(t)) },
    Title: { open: (el, { resource: r }, d) => openTitle(el, d, el.attrs.TitleType ?? null, (t) => r.titles.push(t)) },
    Duration: { close: (el, { resource: r }) => { r.duration ??= located(el, el.text); } },
    LanguageOfPerformance: { close: (el, { resource: r }) => pushUnique(r.languages, el.text) },
  });
}

const TABLES = new Map<ResourceKind, Table<Draft>>(Object.entries(STEMS).map(([stem, kind]) => [kind, tableFor(stem, kind)]));

export function openResource3(el: OpenElement, d: Dispatcher, kind: ResourceKind, message: ErnMessage): void {
  const resource = emptyResource(el, kind, d);
  message.resources.push(resource);
  d.push<Draft>(el, TABLES.get(kind)!, { resource, ...newBlockState() });
}
