/**
 * A message as the diff compares it: its header apart, and its releases, resources and parties by
 * key (keys.ts), each field as a value where message-local references are replaced by keys and
 * lists that carry no order (genres, territories, deals) are sorted. The deals are each release's
 * offers and takedowns as the availability view resolves them.
 */
import type { ErnMessage, PcLine, Release, Resource } from '../ern/model.js';
import { KeyRegistry, partyKey, releaseKey, resourceKey } from './keys.js';
import { titleOf } from '../availability/release-facts.js';
import { releaseViews, tableOf, type ReleaseTable } from '../availability/view.js';
import type { ReleaseDeals } from '../deals/resolve.js';

export interface FieldDef<T> {
  name: string;
  /** DDEX path (below the message root) per family. */
  path: { '3': string; '4': string };
  read: (record: T, refs: Refs) => unknown;
}

export interface Refs {
  resource: (reference: string) => string;
  party: (reference: string) => string;
}

const sorted = (values: Iterable<string>) => [...new Set(values)].sort();
const lines = (pcs: PcLine[] | undefined) => sorted((pcs ?? []).map((p) => p.text));

export const RELEASE_FIELDS: FieldDef<Release>[] = [
  { name: 'title', path: { '3': 'ReleaseList/Release/ReferenceTitle/TitleText', '4': 'ReleaseList/Release/DisplayTitleText' }, read: (r) => titleOf(r) },
  { name: 'ICPN', path: { '3': 'ReleaseList/Release/ReleaseId/ICPN', '4': 'ReleaseList/Release/ReleaseId/ICPN' }, read: (r) => r.ids.icpn?.value ?? null },
  { name: 'GRid', path: { '3': 'ReleaseList/Release/ReleaseId/GRid', '4': 'ReleaseList/Release/ReleaseId/GRid' }, read: (r) => r.ids.grid?.value ?? null },
  { name: 'catalog number', path: { '3': 'ReleaseList/Release/ReleaseId/CatalogNumber', '4': 'ReleaseList/Release/ReleaseId/CatalogNumber' }, read: (r) => r.ids.catalogNumber?.value ?? null },
  { name: 'release types', path: { '3': 'ReleaseList/Release/ReleaseType', '4': 'ReleaseList/Release/ReleaseType' }, read: (r) => sorted(r.types) },
  { name: 'display artists', path: { '3': 'ReleaseList/Release/ReleaseDetailsByTerritory/DisplayArtistName', '4': 'ReleaseList/Release/DisplayArtistName' }, read: (r) => sorted(r.displayArtistNames) },
  { name: 'labels', path: { '3': 'ReleaseList/Release/ReleaseDetailsByTerritory/LabelName', '4': 'ReleaseList/Release/ReleaseLabelReference' }, read: (r) => sorted(r.labels) },
  { name: 'genres', path: { '3': 'ReleaseList/Release/ReleaseDetailsByTerritory/Genre/GenreText', '4': 'ReleaseList/Release/Genre/GenreText' }, read: (r) => sorted(r.genres.map((g) => [g.text, g.subGenre].filter(Boolean).join(' / '))) },
  { name: 'release date', path: { '3': 'ReleaseList/Release/ReleaseDetailsByTerritory/ReleaseDate', '4': 'ReleaseList/Release/ReleaseDate' }, read: (r) => r.releaseDate?.value ?? null },
  { name: 'original release date', path: { '3': 'ReleaseList/Release/ReleaseDetailsByTerritory/OriginalReleaseDate', '4': 'ReleaseList/Release/OriginalReleaseDate' }, read: (r) => r.originalReleaseDate?.value ?? null },
  { name: 'P line', path: { '3': 'ReleaseList/Release/PLine/PLineText', '4': 'ReleaseList/Release/PLine/PLineText' }, read: (r) => lines(r.pLines) },
  { name: 'C line', path: { '3': 'ReleaseList/Release/CLine/CLineText', '4': 'ReleaseList/Release/CLine/CLineText' }, read: (r) => lines(r.cLines) },
  { name: 'parental warning', path: { '3': 'ReleaseList/Release/ReleaseDetailsByTerritory/ParentalWarningType', '4': 'ReleaseList/Release/ParentalWarningType' }, read: (r) => sorted(r.parentalWarnings) },
  { name: 'duration', path: { '3': 'ReleaseList/Release/Duration', '4': 'ReleaseList/Release/Duration' }, read: (r) => r.duration },
  {
    name: 'tracks',
    path: { '3': 'ReleaseList/Release/ReleaseDetailsByTerritory/ResourceGroup/ResourceGroupContentItem', '4': 'ReleaseList/Release/ResourceGroup/ResourceGroupContentItem' },
    // The track list keeps its order (a sequence is content); its references are replaced by the resources' keys.
    read: (r, refs) => {
      const out: string[] = [];
      for (const t of r.tracks) out.push(refs.resource(t.resourceReference.value));
      if (out.length === 0) for (const ref of r.resourceReferences) out.push(refs.resource(ref.value));
      return out;
    },
  },
];

export const RESOURCE_FIELDS: FieldDef<Resource>[] = [
  { name: 'title', path: { '3': 'ResourceList/SoundRecording/ReferenceTitle/TitleText', '4': 'ResourceList/SoundRecording/DisplayTitleText' }, read: (r) => titleOf(r) },
  { name: 'ISRC', path: { '3': 'ResourceList/SoundRecording/SoundRecordingId/ISRC', '4': 'ResourceList/SoundRecording/SoundRecordingEdition/ResourceId/ISRC' }, read: (r) => r.isrc?.value ?? null },
  { name: 'type', path: { '3': 'ResourceList/SoundRecording/SoundRecordingType', '4': 'ResourceList/SoundRecording/Type' }, read: (r) => r.type },
  { name: 'display artists', path: { '3': 'ResourceList/SoundRecording/SoundRecordingDetailsByTerritory/DisplayArtistName', '4': 'ResourceList/SoundRecording/DisplayArtistName' }, read: (r) => sorted(r.displayArtistNames) },
  { name: 'duration', path: { '3': 'ResourceList/SoundRecording/Duration', '4': 'ResourceList/SoundRecording/Duration' }, read: (r) => r.duration?.value ?? null },
  { name: 'P line', path: { '3': 'ResourceList/SoundRecording/SoundRecordingDetailsByTerritory/PLine/PLineText', '4': 'ResourceList/SoundRecording/PLine/PLineText' }, read: (r) => lines(r.pLines) },
  { name: 'parental warning', path: { '3': 'ResourceList/SoundRecording/SoundRecordingDetailsByTerritory/ParentalWarningType', '4': 'ResourceList/SoundRecording/ParentalWarningType' }, read: (r) => sorted(r.parentalWarnings) },
  { name: 'ISWC', path: { '3': 'ResourceList/SoundRecording/IndirectSoundRecordingId/ISWC', '4': 'ResourceList/SoundRecording/WorkId/ISWC' }, read: (r) => sorted((r.iswcs ?? []).map((i) => i.value)) },
  { name: 'genres', path: { '3': 'ResourceList/SoundRecording/SoundRecordingDetailsByTerritory/Genre/GenreText', '4': 'ResourceList/SoundRecording/Genre/GenreText' }, read: (r) => sorted(r.genres.map((g) => [g.text, g.subGenre].filter(Boolean).join(' / '))) },
  { name: 'files', path: { '3': 'ResourceList/SoundRecording/SoundRecordingDetailsByTerritory/TechnicalSoundRecordingDetails/File', '4': 'ResourceList/SoundRecording/TechnicalDetails/File' }, read: (r) => sorted(r.technical.flatMap((t) => t.files.map((f) => (f.hash ? `${f.uri} ${f.hash.algorithm}:${f.hash.value}` : f.uri)))) },
];

export interface RecordSnap {
  key: string;
  reference: string | null;
  kind: string;
  fields: Map<string, unknown>;
}

export interface ReleaseSnap extends RecordSnap {
  title: string | null;
  deals: ReleaseDeals;
  table: ReleaseTable;
}

export interface Snapshot {
  family: '3' | '4';
  version: string;
  header: Map<string, unknown>;
  releases: Map<string, ReleaseSnap>;
  resources: Map<string, RecordSnap>;
  parties: Map<string, RecordSnap>;
}

export const HEADER_FIELDS: FieldDef<ErnMessage>[] = [
  { name: 'message id', path: { '3': 'MessageHeader/MessageId', '4': 'MessageHeader/MessageId' }, read: (m) => m.header.messageId?.value ?? null },
  { name: 'thread id', path: { '3': 'MessageHeader/MessageThreadId', '4': 'MessageHeader/MessageThreadId' }, read: (m) => m.header.threadId },
  { name: 'created', path: { '3': 'MessageHeader/MessageCreatedDateTime', '4': 'MessageHeader/MessageCreatedDateTime' }, read: (m) => m.header.createdDateTime?.value ?? null },
  { name: 'sender', path: { '3': 'MessageHeader/MessageSender', '4': 'MessageHeader/MessageSender' }, read: (m) => (m.header.sender ? [...m.header.sender.partyIds, m.header.sender.name].filter(Boolean).join(' ') : null) },
  { name: 'recipients', path: { '3': 'MessageHeader/MessageRecipient', '4': 'MessageHeader/MessageRecipient' }, read: (m) => sorted(m.header.recipients.map((r) => [...r.partyIds, r.name].filter(Boolean).join(' '))) },
  { name: 'control type', path: { '3': 'MessageHeader/MessageControlType', '4': 'MessageHeader/MessageControlType' }, read: (m) => m.header.controlType },
  { name: 'update indicator', path: { '3': 'UpdateIndicator', '4': 'UpdateIndicator' }, read: (m) => m.header.updateIndicator },
  { name: 'ERN version', path: { '3': '@xmlns', '4': '@xmlns' }, read: (m) => m.version },
];

export function snapshotOf(message: ErnMessage): Snapshot {
  const family = message.family;
  const resourceKeys = new Map<string, string>();
  const partyKeys = new Map<string, string>();
  const resources = new Map<string, RecordSnap>();
  const parties = new Map<string, RecordSnap>();
  const partyRegistry = new KeyRegistry();
  for (const p of message.parties) {
    const key = partyRegistry.unique(partyKey(p));
    partyKeys.set(p.reference.value, key);
    parties.set(key, { key, reference: p.reference.value, kind: 'Party', fields: new Map<string, unknown>([['names', sorted(p.names)], ['ISNI', p.isni], ['DPID', p.dpid], ['IPI', p.ipi]]) });
  }
  const refs: Refs = { resource: (r) => resourceKeys.get(r) ?? `ref ${r}`, party: (r) => partyKeys.get(r) ?? `ref ${r}` };
  const resourceRegistry = new KeyRegistry();
  for (const r of message.resources) {
    const key = resourceRegistry.unique(resourceKey(r));
    if (r.reference) resourceKeys.set(r.reference.value, key);
    resources.set(key, { key, reference: r.reference?.value ?? null, kind: r.kind, fields: new Map(RESOURCE_FIELDS.map((f) => [f.name, f.read(r, refs)])) });
  }
  const releases = new Map<string, ReleaseSnap>();
  const releaseRegistry = new KeyRegistry();
  const views = releaseViews(message);
  for (const release of message.releases) {
    const view = views.next().value!;
    const key = releaseRegistry.unique(releaseKey(release));
    releases.set(key, { key, reference: release.reference?.value ?? null, kind: release.kind, title: view.title, fields: new Map(RELEASE_FIELDS.map((f) => [f.name, f.read(release, refs)])), deals: view.deals, table: tableOf(view) });
  }
  const header = new Map(HEADER_FIELDS.map((f) => [f.name, f.read(message, refs)]));
  return { family, version: message.version, header, releases, resources, parties };
}
