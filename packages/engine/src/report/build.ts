/**
 * Builds the Report from the checks of every message and of the batch: summary, per-release
 * outcomes (a release with an error is left out, one needing staff is flagged, one the catalog
 * knows is updated) and what would be created.
 */
import type { ErnMessage, Release, Resource } from '../ern/model.js';
import { RecordList, kindAt } from '../ern/record-list.js';
import type { Check, MessageSummary, Report, ReleaseOutcome, WouldCreate, WouldCreateRecording } from './types.js';
import { StreamedList } from './streamed-list.js';
import { verdictOf } from './verdict.js';
import { forgetIndex, indexMessage, type MessageIndex } from '../ern/index-of-message.js';

export interface ReadMessage {
  file: string;
  message: ErnMessage | null;
  summary: MessageSummary;
  /** Release references the catalog found on the member. */
  updates: ReadonlySet<string>;
}

export interface BuildInput {
  source: string;
  checks: Check[];
  messages: ReadMessage[];
  engine: Report['engine'];
  /** List `would_create.recordings` (`ValidateOptions.recordings`); default true. */
  recordings?: boolean | 'stream';
}

/** Releases that become catalog entries: the main/other releases, not per-track or clip releases. */
export function isCatalogRelease(release: Release): boolean {
  return isCatalogKind(release.kind);
}

function isCatalogKind(kind: unknown): boolean {
  return kind === 'main' || kind === 'other';
}

export function buildReport({ source, checks, messages, engine, recordings: listed = true }: BuildInput): Report {
  const releases: ReleaseOutcome[] = [];
  const wouldCreate: WouldCreate = { releases: [], recordings: [], artists: [] };
  const artists = new Map<string, { name: string; reference: string | null }>();
  const byFile = new Map<string, Check[]>();
  // Each message's recordings, as runs: made already, or made when read (a message kept as bytes, `listed` 'stream').
  const runs: (() => Iterable<WouldCreateRecording[]>)[] = [];
  for (const check of checks) {
    const list = byFile.get(check.file);
    if (list) list.push(check);
    else byFile.set(check.file, [check]);
  }

  for (const read of messages) {
    const m = read.message;
    if (!m) continue;
    // Each message judges its own releases: references like R0 repeat across the messages of a batch.
    const mine = byFile.get(read.file) ?? [];
    const messageLevelError = read.summary.rejected || mine.some((c) => c.status === 'error' && c.release === null && !c.resource);
    const listing = judgeReleases(read, mine, messageLevelError, { releases, wouldCreate, artists });
    if (!listed) continue;
    const order = recordingOrder(read, listing);
    if (listed === 'stream' && read.message!.resources instanceof RecordList) runs.push(() => recordingRuns(read, listing.listed, order));
    else {
      const made = makeRecordings(read, listing.listed, order, 0, order.numbers.length);
      runs.push(() => [made]);
    }
  }
  wouldCreate.recordings = listed === 'stream' ? new StreamedList(() => eachRun(runs)) : joined(runs);
  wouldCreate.artists = [...artists.values()];

  const versions = new Set(messages.map((m) => m.summary.ern_version).filter((v): v is string => Boolean(v)));
  return {
    source,
    ern_version: versions.size === 0 ? null : versions.size === 1 ? [...versions][0] : 'mixed',
    verdict: verdictOf(checks),
    summary: {
      messages: messages.length,
      releases: releases.length,
      pass: checks.filter((c) => c.status === 'pass').length,
      warnings: checks.filter((c) => c.status === 'warning').length,
      errors: checks.filter((c) => c.status === 'error').length,
      skipped: checks.filter((c) => c.status === 'skipped').length,
      needs_staff: checks.filter((c) => c.needs_staff && c.status !== 'pass').length,
    },
    checks,
    messages: messages.map((m) => m.summary),
    releases,
    would_create: wouldCreate,
    engine,
  };
}

/** Where each recording is listed: the catalog releases created or updated, in order, and per resource number the one that lists it. */
interface Listing {
  listed: string[];
  /** Per resource number (the first resource with its reference), the release in `listed` that holds it first; -1: none. */
  owner: Int32Array;
  /** The release in `listed` that holds the empty reference first; -1: none. */
  emptyOwner: number;
  /** A resource whose reference an earlier one has: the number of that one. */
  anchorOf: Map<number, number>;
}

/**
 * Judges the catalog releases of one message (their outcomes, the releases and artists that would be
 * created) and works out, with the message's index, where each recording is listed. The index is let
 * go at the end (about 30 MB at 1 GB), before the recordings are listed, the run's peak of memory.
 */
function judgeReleases(read: ReadMessage, mine: Check[], messageLevelError: boolean, out: { releases: ReleaseOutcome[]; wouldCreate: WouldCreate; artists: Map<string, { name: string; reference: string | null }> }): Listing {
  const { releases, wouldCreate, artists } = out;
  const m = read.message!;
  const index = indexMessage(m);
  const attributed = attributeChecks(mine, m, index);
  // With the index: each release's outcome, and the release each recording is listed under (the first created or
  // updated one that holds it), by the number of the first resource with its reference (the index's): not sets of
  // references, a catalog's album names hundreds of thousands. The empty reference is not numbered.
  const listed: string[] = [];
  const owner = new Int32Array(m.resources.length).fill(-1);
  let emptyOwner = -1;
  for (const release of m.releases) {
    if (!isCatalogRelease(release)) continue;
    const reference = release.reference?.value ?? '';
    const own = attributed.get(reference) ?? [];
    const errors = own.filter((c) => c.status === 'error').length;
    const warnings = own.filter((c) => c.status === 'warning').length;
    const staff = own.some((c) => c.needs_staff && c.status !== 'pass');
    const outcome: ReleaseOutcome['outcome'] =
      messageLevelError || errors > 0 ? 'left_out' : staff ? 'flagged' : read.updates.has(reference) ? 'updated' : 'created';
    const title = titleOf(release);
    const upc = release.ids.icpn?.value ?? null;
    releases.push({ file: read.file, reference, title, upc, kind: release.kind, outcome, errors, warnings });
    if (outcome !== 'created' && outcome !== 'updated') continue;
    wouldCreate.releases.push({ file: read.file, reference, title, upc, outcome });
    for (const name of release.displayArtists.map((a) => a.name).concat(release.displayArtistNames)) {
      if (name && !artists.has(name)) artists.set(name, { name, reference: release.displayArtists.find((a) => a.name === name)?.partyReference ?? null });
    }
    const k = listed.push(reference) - 1;
    let empty = false;
    const take = (n: number) => {
      if (n >= 0 && owner[n] === -1) owner[n] = k;
    };
    for (const r of release.resourceReferences) {
      if (r.value === '') empty = true;
      take(index.resourceNumber(r.value));
    }
    // The track list by the index's numbers (an album's are worked out once, for the rules).
    const numbers = index.trackFacts(release).numbers;
    let unresolved = false;
    for (let i = 0; i < numbers.length; i++) {
      if (numbers[i] >= 0) take(numbers[i]);
      else unresolved = true;
    }
    // A reference that resolves to none may be the empty one (it is not numbered).
    if (unresolved && !empty) for (const t of release.tracks) if (t.resourceReference.value === '') empty = true;
    if (empty && emptyOwner === -1) emptyOwner = k;
  }
  // A resource whose reference an earlier one has is numbered as that one (few: read now, while the index is there).
  const anchorOf = new Map<number, number>();
  for (const i of index.shadowedResources()) anchorOf.set(i, index.resourceNumber(m.resources.at(i)!.reference!.value));
  forgetIndex(m);
  return { listed, owner, emptyOwner, anchorOf };
}

/** Where a message's recordings go: resource numbers in the report's order, and the release (in `listed`) each is listed under. */
interface RecordingOrder {
  numbers: Int32Array;
  releases: Int32Array;
}

/**
 * The recordings of one message's listed releases (`judgeReleases`): each once, the first sound
 * recording of each number, under its release, grouped by release in the order of `listed`, in the
 * ResourceList's order within one: the resources' numbers, for `makeRecordings` to read.
 */
function recordingOrder(read: ReadMessage, { listed, owner, emptyOwner, anchorOf }: Listing): RecordingOrder {
  const resources = read.message!.resources;
  const stored = resources instanceof RecordList ? resources : null;
  const releaseOf = new Int32Array(resources.length).fill(-1);
  const counts = new Int32Array(listed.length + 1);
  const done = new Uint8Array(resources.length);
  let emptyDone = false;
  for (let i = 0; i < resources.length; i++) {
    if (kindAt(resources, i) !== 'SoundRecording') continue;
    const ref = referenceOf(resources, stored, i);
    if (ref === undefined) continue;
    let k: number;
    if (ref === '') {
      if (emptyOwner === -1 || emptyDone) continue;
      emptyDone = true;
      k = emptyOwner;
    } else {
      const n = anchorOf.get(i) ?? i;
      if (owner[n] === -1 || done[n] === 1) continue;
      done[n] = 1;
      k = owner[n];
    }
    releaseOf[i] = k;
    counts[k + 1]++;
  }
  // Grouped by release, in resource order within each (a counting sort).
  for (let k = 1; k < counts.length; k++) counts[k] += counts[k - 1];
  const numbers = new Int32Array(counts[listed.length]);
  const releases = new Int32Array(numbers.length);
  for (let i = 0; i < resources.length; i++) {
    const k = releaseOf[i];
    if (k === -1) continue;
    const at = counts[k]++;
    numbers[at] = i;
    releases[at] = k;
  }
  return { numbers, releases };
}

/** A resource's reference (undefined: none). A list kept as bytes is read in its bytes, with no view or located value made. */
function referenceOf(resources: ErnMessage['resources'], stored: RecordList<object> | null, i: number): string | undefined {
  const text = stored === null ? undefined : stored.textOf(i, 'reference');
  if (text === undefined) return resources.at(i)!.reference?.value;
  return text ?? undefined;
}

/**
 * Recordings `from` to `to` of a message's `order`. A list kept as bytes is read field by field in
 * its bytes (at 1 GB, 414,000 recordings: about 0.1 s less than through views); a field it cannot
 * tell so is read from the record.
 */
function makeRecordings(read: ReadMessage, listed: string[], { numbers, releases }: RecordingOrder, from: number, to: number): WouldCreateRecording[] {
  const resources = read.message!.resources;
  const stored = resources instanceof RecordList ? resources : null;
  const out = new Array<WouldCreateRecording>(to - from);
  for (let j = from; j < to; j++) {
    const i = numbers[j];
    let resource: Resource | undefined;
    let title = stored === null ? undefined : stored.firstItemTextOf(i, 'titles', 'text');
    if (title === undefined) title = (resource ??= resources.at(i)!).titles[0]?.text ?? null;
    let isrc = stored === null ? undefined : stored.textOf(i, 'isrc');
    if (isrc === undefined) isrc = (resource ??= resources.at(i)!).isrc?.value ?? null;
    out[j - from] = { file: read.file, release: listed[releases[j]], reference: referenceOf(resources, stored, i)!, title, isrc };
  }
  return out;
}

/** Recordings a few hundred at a time, made as they are asked for (a message kept as bytes, streamed). */
function* recordingRuns(read: ReadMessage, listed: string[], order: RecordingOrder): Generator<WouldCreateRecording[]> {
  for (let from = 0; from < order.numbers.length; from += STREAMED_RUN) yield makeRecordings(read, listed, order, from, Math.min(order.numbers.length, from + STREAMED_RUN));
}

/** Recordings made at a time when streamed: the JSON writer's run of flat members. */
const STREAMED_RUN = 256;

function* eachRun(runs: (() => Iterable<WouldCreateRecording[]>)[]): Generator<WouldCreateRecording[]> {
  for (const make of runs) yield* make();
}

/** The messages' recordings in one array (a catalog's 400,000 are not copied from one list to another). */
function joined(runs: (() => Iterable<WouldCreateRecording[]>)[]): WouldCreateRecording[] {
  let all: WouldCreateRecording[] | null = null;
  for (const make of runs) {
    for (const run of make()) {
      if (all === null) all = run;
      else for (const recording of run) all.push(recording);
    }
  }
  return all ?? [];
}

/**
 * Maps checks to the catalog releases they affect: a check on a track or clip release, or on a
 * resource, counts against every catalog release that holds the same resource.
 */
function attributeChecks(checks: Check[], m: ErnMessage, index: MessageIndex): Map<string, Check[]> {
  const byRelease = new Map<string, Check[]>();
  const add = (ref: string, check: Check) => {
    const list = byRelease.get(ref);
    if (list) list.push(check);
    else byRelease.set(ref, [check]);
  };
  // The references of the catalog releases holding a resource (each once), worked out once per resource and each
  // release read once, by its number and held kind: a broken catalog has several findings on each of
  // tens of thousands of resources, and each lookup had made views of the releases holding it.
  const held = new Map<string, string[]>();
  const referenceAt = new Map<number, string>();
  const holders = (resourceRef: string): string[] => {
    let refs = held.get(resourceRef);
    if (refs === undefined) {
      refs = [];
      for (const n of index.releaseNumbersOfResource(resourceRef)) {
        if (!isCatalogKind(kindAt(m.releases, n))) continue;
        let reference = referenceAt.get(n);
        if (reference === undefined) referenceAt.set(n, (reference = m.releases.at(n)!.reference?.value ?? ''));
        if (!refs.includes(reference)) refs.push(reference);
      }
      held.set(resourceRef, refs);
    }
    return refs;
  };
  for (const check of checks) {
    if (check.status === 'pass') continue;
    if (check.release) {
      // The message's index, not a map of every release (a catalog message has hundreds of thousands).
      const release = index.release(check.release);
      if (release && !isCatalogRelease(release)) {
        const targets = new Set<string>();
        for (const r of release.resourceReferences) for (const holder of holders(r.value)) targets.add(holder);
        for (const ref of targets) add(ref, check);
      } else add(check.release, check);
    } else if (check.resource) {
      for (const holder of holders(check.resource)) add(holder, check);
    }
  }
  return byRelease;
}

function titleOf(release: Release): string | null {
  return release.titles.find((t) => t.type === 'DisplayTitleText' || t.type === 'DisplayTitle')?.text ?? release.titles[0]?.text ?? null;
}
