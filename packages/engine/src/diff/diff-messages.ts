/**
 * `diffMessages(old, new)`: what changed from one ERN message to the next, releases, resources and
 * parties matched by their identifiers (keys.ts), header fields reported apart. A field's change
 * names its DDEX path (in the new message's ERN family); deal changes come as offer rows and as
 * the summary's sentences (deal-changes.ts).
 */
import type { ErnMessage } from '../ern/model.js';
import type { TerritoryUniverse } from '../territories/universe.js';
import { RELEASE_FIELDS, RESOURCE_FIELDS, HEADER_FIELDS, snapshotOf, type FieldDef, type RecordSnap, type Snapshot } from './snapshot.js';
import { dealNotes, rowChanges } from './deal-changes.js';

export interface Change {
  /** The release's key (`ICPN 05012345678900`), or null for a change of a resource or party alone. */
  release: string | null;
  /** The resource's key, or the party's (`ISNI …`), when the change is one of theirs. */
  resource: string | null;
  /** DDEX path below the message root. */
  field: string;
  kind: 'added' | 'removed' | 'changed';
  old: unknown;
  new: unknown;
}

export interface HeaderChange {
  field: string;
  old: unknown;
  new: unknown;
}

export interface DiffSummary {
  changes: number;
  releases: { added: number; removed: number; changed: number };
  resources: { added: number; removed: number; changed: number };
  parties: { added: number; removed: number; changed: number };
  /** Readable sentences: releases and tracks added or removed, deals that end, territories that leave, takedowns, prices. */
  notes: string[];
}

export interface DiffResult {
  old_version: string;
  new_version: string;
  header: HeaderChange[];
  changes: Change[];
  summary: DiffSummary;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const empty = (v: unknown) => v === null || v === undefined || (Array.isArray(v) && v.length === 0);

function fieldChanges<T>(defs: FieldDef<T>[], family: '3' | '4', old: Map<string, unknown>, now: Map<string, unknown>, at: { release: string | null; resource: string | null }): Change[] {
  const out: Change[] = [];
  for (const def of defs) {
    const [a, b] = [old.get(def.name), now.get(def.name)];
    if (same(a, b)) continue;
    const kind = empty(a) ? 'added' : empty(b) ? 'removed' : 'changed';
    out.push({ ...at, field: def.path[family], kind, old: a ?? null, new: b ?? null });
  }
  return out;
}

const count = () => ({ added: 0, removed: 0, changed: 0 });

export function diffMessages(oldMessage: ErnMessage, newMessage: ErnMessage, universe: TerritoryUniverse | null = null): DiffResult {
  const [a, b] = [snapshotOf(oldMessage), snapshotOf(newMessage)];
  return diffSnapshots(a, b, universe);
}

export function diffSnapshots(a: Snapshot, b: Snapshot, universe: TerritoryUniverse | null): DiffResult {
  const family = b.family;
  const changes: Change[] = [];
  const notes: string[] = [];
  const summary: DiffSummary = { changes: 0, releases: count(), resources: count(), parties: count(), notes };

  const header: HeaderChange[] = [];
  for (const def of HEADER_FIELDS) {
    const [x, y] = [a.header.get(def.name), b.header.get(def.name)];
    if (!same(x, y)) header.push({ field: def.path[family], old: x ?? null, new: y ?? null });
  }

  const releasePath = `ReleaseList/Release`;
  for (const [key, old] of a.releases) {
    const now = b.releases.get(key);
    const name = `release ${key}${(now ?? old).title ? ` "${(now ?? old).title}"` : ''}`;
    if (!now) {
      changes.push({ release: key, resource: null, field: releasePath, kind: 'removed', old: old.title, new: null });
      summary.releases.removed++;
      notes.push(`${name} removed`);
      continue;
    }
    const before = changes.length;
    const fields = fieldChanges(RELEASE_FIELDS, family, old.fields, now.fields, { release: key, resource: null });
    changes.push(...fields);
    const tracks = fields.find((c) => c.field === RELEASE_FIELDS.find((f) => f.name === 'tracks')!.path[family]);
    if (tracks) {
      const [x, y] = [(tracks.old ?? []) as string[], (tracks.new ?? []) as string[]];
      for (const t of y.filter((k) => !x.includes(k))) notes.push(`${name}: track ${t} added`);
      for (const t of x.filter((k) => !y.includes(k))) notes.push(`${name}: track ${t} removed`);
      if (x.length === y.length && x.every((k) => y.includes(k))) notes.push(`${name}: tracks reordered`);
    }
    const rows = rowChanges(old.table, now.table);
    for (const r of rows) changes.push({ release: key, resource: null, field: `DealList/ReleaseDeal/Deal/DealTerms${r.old && 'kind' in r.old ? '/TakeDown' : r.new && 'kind' in r.new ? '/TakeDown' : ''}`, kind: r.kind, old: r.old, new: r.new });
    notes.push(...dealNotes(name, old.deals, now.deals, rows, universe));
    for (const c of fields) if (c.field !== tracks?.field) notes.push(`${name}: ${RELEASE_FIELDS.find((f) => f.path[family] === c.field)?.name ?? c.field} ${words(c)}`);
    if (changes.length > before) summary.releases.changed++;
  }
  for (const [key, now] of b.releases) {
    if (a.releases.has(key)) continue;
    changes.push({ release: key, resource: null, field: releasePath, kind: 'added', old: null, new: now.title });
    summary.releases.added++;
    notes.push(`release ${key}${now.title ? ` "${now.title}"` : ''} added`);
  }

  records(a.resources, b.resources, RESOURCE_FIELDS, 'ResourceList', summary.resources, 'resource');
  records(a.parties, b.parties, PARTY_FIELDS, 'PartyList/Party', summary.parties, 'party');
  summary.changes = changes.length;
  return { old_version: a.version, new_version: b.version, header, changes, summary };

  function records(x: Map<string, RecordSnap>, y: Map<string, RecordSnap>, defs: FieldDef<never>[], path: string, tally: { added: number; removed: number; changed: number }, what: string) {
    for (const [key, old] of x) {
      const now = y.get(key);
      if (!now) {
        changes.push({ release: null, resource: key, field: path === 'ResourceList' ? `ResourceList/${old.kind}` : path, kind: 'removed', old: key, new: null });
        tally.removed++;
        notes.push(`${what} ${key} removed`);
        continue;
      }
      const found = fieldChanges(defs, family, old.fields, now.fields, { release: null, resource: key });
      if (found.length) tally.changed++;
      changes.push(...found);
      for (const c of found) notes.push(`${what} ${key}: ${defs.find((f) => f.path[family] === c.field)?.name ?? c.field} ${words(c)}`);
    }
    for (const [key, now] of y) {
      if (x.has(key)) continue;
      changes.push({ release: null, resource: key, field: path === 'ResourceList' ? `ResourceList/${now.kind}` : path, kind: 'added', old: null, new: key });
      tally.added++;
      notes.push(`${what} ${key} added`);
    }
  }
}

const PARTY_FIELDS: FieldDef<never>[] = [
  { name: 'names', path: { '3': 'PartyList/Party/PartyName/FullName', '4': 'PartyList/Party/PartyName/FullName' }, read: () => null },
  { name: 'ISNI', path: { '3': 'PartyList/Party/PartyId/ISNI', '4': 'PartyList/Party/PartyId/ISNI' }, read: () => null },
  { name: 'DPID', path: { '3': 'PartyList/Party/PartyId/DPID', '4': 'PartyList/Party/PartyId/DPID' }, read: () => null },
  { name: 'IPI', path: { '3': 'PartyList/Party/PartyId/IpiNameNumber', '4': 'PartyList/Party/PartyId/IpiNameNumber' }, read: () => null },
];

function show(v: unknown): string {
  if (v === null || v === undefined) return 'none';
  if (Array.isArray(v)) return v.length ? v.join(', ') : 'none';
  return String(v);
}

function words(c: Change): string {
  if (c.kind === 'added') return `added: ${show(c.new)}`;
  if (c.kind === 'removed') return `removed (was ${show(c.old)})`;
  return `changed: ${show(c.old)} -> ${show(c.new)}`;
}
