/**
 * Builds the Report from the checks of every message and of the batch: summary, per-release
 * outcomes (a release with an error is left out, one needing staff is flagged, one the catalog
 * knows is updated) and what would be created.
 */
import type { ErnMessage, Release } from '../ern/model.js';
import type { Check, MessageSummary, Report, ReleaseOutcome, WouldCreate } from './types.js';
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
}

/** Releases that become catalog entries: the main/other releases, not per-track or clip releases. */
export function isCatalogRelease(release: Release): boolean {
  return release.kind === 'main' || release.kind === 'other';
}

export function buildReport({ source, checks, messages, engine }: BuildInput): Report {
  const releases: ReleaseOutcome[] = [];
  const wouldCreate: WouldCreate = { releases: [], recordings: [], artists: [] };
  const artists = new Map<string, { name: string; reference: string | null }>();
  const byFile = new Map<string, Check[]>();
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
    const index = indexMessage(m);
    const attributed = attributeChecks(mine, m, index);
    // Recordings by the number of the first resource with their reference (the index's), not sets of references: a
    // catalog's album names hundreds of thousands. A reference no resource has cannot match one; the empty one is not numbered.
    const recorded = new Uint8Array(m.resources.length);
    let recordedEmpty = false;

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
      const inRelease = new Uint8Array(m.resources.length);
      let emptyInRelease = false;
      const mark = (ref: string) => {
        if (ref === '') emptyInRelease = true;
        const n = index.resourceNumber(ref);
        if (n >= 0) inRelease[n] = 1;
      };
      for (const r of release.resourceReferences) mark(r.value);
      // The track list by the index's numbers (an album's are worked out once, for the rules).
      const numbers = index.trackFacts(release).numbers;
      let unresolved = false;
      for (let i = 0; i < numbers.length; i++) {
        if (numbers[i] >= 0) inRelease[numbers[i]] = 1;
        else unresolved = true;
      }
      // A reference that resolves to none may be the empty one, which `mark` notes (it is not numbered).
      if (unresolved && !emptyInRelease) for (const t of release.tracks) if (t.resourceReference.value === '') emptyInRelease = true;
      const resources = m.resources;
      for (let i = 0; i < resources.length; i++) {
        const resource = resources.at(i)!;
        if (resource.kind !== 'SoundRecording') continue;
        // Read once: a stored record decodes its field at every read.
        const ref = resource.reference?.value;
        if (ref === undefined) continue;
        if (ref === '') {
          if (!emptyInRelease || recordedEmpty) continue;
          recordedEmpty = true;
        } else {
          const n = index.resourceNumber(ref);
          if (!inRelease[n] || recorded[n]) continue;
          recorded[n] = 1;
        }
        wouldCreate.recordings.push({ file: read.file, release: reference, reference: ref, title: resource.titles[0]?.text ?? null, isrc: resource.isrc?.value ?? null });
      }
    }
    // At 1 GB the index is about 25 MB: let it go before the batch's next message is reported.
    forgetIndex(m);
  }
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
  const holders = (resourceRef: string) => index.releasesOfResource(resourceRef).filter(isCatalogRelease);
  for (const check of checks) {
    if (check.status === 'pass') continue;
    const targets = new Set<string>();
    if (check.release) {
      // The message's index, not a map of every release (a catalog message has hundreds of thousands).
      const release = index.release(check.release);
      if (release && !isCatalogRelease(release)) {
        for (const r of release.resourceReferences) for (const holder of holders(r.value)) targets.add(holder.reference?.value ?? '');
      } else targets.add(check.release);
    } else if (check.resource) {
      for (const holder of holders(check.resource)) targets.add(holder.reference?.value ?? '');
    }
    for (const ref of targets) add(ref, check);
  }
  return byRelease;
}

function titleOf(release: Release): string | null {
  return release.titles.find((t) => t.type === 'DisplayTitleText' || t.type === 'DisplayTitle')?.text ?? release.titles[0]?.text ?? null;
}
