/**
 * One release's snapshot as plain JSON, to keep beside a catalog entry (the server's release
 * history): the release as `snapshotOf` sees it (fields, resolved deals), the resources its track
 * list and resource group name, and the parties they name. Two of them compare with
 * `diffReleaseSnapshots` exactly as two messages holding only that release would, whatever else
 * the messages held. The deals' territory sets and open periods (`±Infinity`), which JSON cannot
 * hold, are written as lists and nulls and read back.
 */
import type { ErnMessage, Release, Resource } from '../ern/model.js';
import type { TerritoryUniverse } from '../territories/universe.js';
import type { Coverage } from '../territories/coverage.js';
import type { Offer, OfferPeriod, ReleaseDeals, Takedown } from '../deals/resolve.js';
import { tableOf } from '../availability/view.js';
import { idsOut, type ReleaseIdsOut } from '../availability/release-facts.js';
import { snapshotOf, type RecordSnap, type ReleaseSnap, type Snapshot } from './snapshot.js';
import { diffSnapshots, type DiffResult } from './diff-messages.js';

/** Bumped when the shape changes, so a stored snapshot of another shape is never compared as if it were this one. */
export const RELEASE_SNAPSHOT_FORMAT = 1;

export interface RecordSnapshot {
  key: string;
  reference: string | null;
  kind: string;
  fields: Record<string, unknown>;
}

type CoverageJson = { kind: 'none' } | { kind: 'only' | 'allExcept'; codes: string[] };
/** An interval's open ends (`-Infinity`, `Infinity`) as null. */
type PeriodJson = { from: string | null; until: string | null; interval: { start: number | null; end: number | null } | null };
type OfferJson = Omit<Offer, 'coverage' | 'periods'> & { coverage: CoverageJson; periods: PeriodJson[] };
type TakedownJson = Omit<Takedown, 'coverage' | 'periods'> & { coverage: CoverageJson; periods: PeriodJson[] };

export interface ReleaseSnapshot {
  format: number;
  family: '3' | '4';
  version: string;
  release: RecordSnapshot & { title: string | null; ids: ReleaseIdsOut; release_date: string | null; deals: { offers: OfferJson[]; takedowns: TakedownJson[] } };
  resources: RecordSnapshot[];
  parties: RecordSnapshot[];
}

const coverageOut = (c: Coverage): CoverageJson => (c.kind === 'none' ? { kind: 'none' } : { kind: c.kind, codes: [...c.codes].sort() });
const coverageIn = (c: CoverageJson): Coverage => (c.kind === 'none' ? { kind: 'none' } : { kind: c.kind, codes: new Set(c.codes) });
const finite = (n: number) => (Number.isFinite(n) ? n : null);
const periodOut = (p: OfferPeriod): PeriodJson => ({ from: p.from, until: p.until, interval: p.interval ? { start: finite(p.interval.start), end: finite(p.interval.end) } : null });
const periodIn = (p: PeriodJson): OfferPeriod => ({ from: p.from, until: p.until, interval: p.interval ? { start: p.interval.start ?? -Infinity, end: p.interval.end ?? Infinity } : null });

const recordOut = (r: RecordSnap): RecordSnapshot => ({ key: r.key, reference: r.reference, kind: r.kind, fields: Object.fromEntries(r.fields) });
const recordIn = (r: RecordSnapshot): RecordSnap => ({ key: r.key, reference: r.reference, kind: r.kind, fields: new Map(Object.entries(r.fields)) });

/** A snapshot of each release of the message, in message order. Built from the model, which must still hold its parties and deals (message end). */
export function releaseSnapshotsOf(message: ErnMessage): ReleaseSnapshot[] {
  const whole = snapshotOf(message);
  const resourceByRef = new Map<string, RecordSnap>();
  for (const r of whole.resources.values()) if (r.reference) resourceByRef.set(r.reference, r);
  const partyByRef = new Map<string, RecordSnap>();
  for (const p of whole.parties.values()) if (p.reference) partyByRef.set(p.reference, p);
  const resourceModels = new Map<string, Resource>();
  for (const r of message.resources) if (r.reference) resourceModels.set(r.reference.value, r);
  const snaps = [...whole.releases.values()];
  return message.releases.map((release, i) => {
    const snap = snaps[i];
    // The resources the release lists (track list, references, its cover), then the parties they and the release name.
    const resources = new Map<string, RecordSnap>();
    const refs = [...[...release.tracks].map((t) => t.resourceReference.value), ...release.resourceReferences.map((r) => r.value), ...(release.linkedResourceReferences ?? []).map((r) => r.value)];
    for (const ref of refs) {
      const r = resourceByRef.get(ref);
      if (r) resources.set(r.key, r);
    }
    const partyRefs = [...release.displayArtists.map((a) => a.partyReference), ...release.labelReferences];
    for (const ref of refs) partyRefs.push(...(resourceModels.get(ref)?.displayArtists ?? []).map((a) => a.partyReference));
    const parties = new Map<string, RecordSnap>();
    for (const ref of partyRefs) {
      const p = ref ? partyByRef.get(ref) : undefined;
      if (p) parties.set(p.key, p);
    }
    return {
      format: RELEASE_SNAPSHOT_FORMAT,
      family: whole.family,
      version: whole.version,
      release: {
        ...recordOut(snap),
        title: snap.title,
        ids: idsOut(release.ids),
        release_date: release.releaseDate?.value ?? null,
        deals: {
          offers: snap.deals.offers.map((o) => ({ ...o, coverage: coverageOut(o.coverage), periods: o.periods.map(periodOut) })),
          takedowns: snap.deals.takedowns.map((t) => ({ ...t, coverage: coverageOut(t.coverage), periods: t.periods.map(periodOut) })),
        },
      },
      resources: [...resources.values()].map(recordOut),
      parties: [...parties.values()].map(recordOut),
    };
  });
}

/** The release snapshot as a `Snapshot` of a message holding that release alone (no header). */
export function snapshotOfRelease(s: ReleaseSnapshot): Snapshot {
  if (s.format !== RELEASE_SNAPSHOT_FORMAT) throw new Error(`release snapshot of format ${s.format}; this engine reads format ${RELEASE_SNAPSHOT_FORMAT}`);
  const deals: ReleaseDeals = {
    offers: s.release.deals.offers.map((o) => ({ ...o, coverage: coverageIn(o.coverage), periods: o.periods.map(periodIn) })),
    takedowns: s.release.deals.takedowns.map((t) => ({ ...t, coverage: coverageIn(t.coverage), periods: t.periods.map(periodIn) })),
  };
  const table = tableOf({ reference: s.release.reference, kind: s.release.kind as Release['kind'], ids: s.release.ids, title: s.release.title, release_date: s.release.release_date, deals });
  const release: ReleaseSnap = { ...recordIn(s.release), title: s.release.title, deals, table };
  return {
    family: s.family,
    version: s.version,
    header: new Map(),
    releases: new Map([[release.key, release]]),
    resources: new Map(s.resources.map((r) => [r.key, recordIn(r)])),
    parties: new Map(s.parties.map((p) => [p.key, recordIn(p)])),
  };
}

/** What changed in a release from one snapshot to the next (`diffSnapshots` of the two; no header). */
export function diffReleaseSnapshots(old: ReleaseSnapshot, now: ReleaseSnapshot, universe: TerritoryUniverse | null = null): DiffResult {
  return diffSnapshots(snapshotOfRelease(old), snapshotOfRelease(now), universe);
}
