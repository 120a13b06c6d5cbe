/**
 * What the release-stage rules ask of a release: its resources (track list, resource list, linked
 * cover art), which of them are primary (sound recordings and videos in the track list), and
 * durations in seconds. Shared by several rules so each states only its own check.
 */
import type { ErnMessage, Records, Release, Resource } from '../../ern/model.js';
import type { MessageIndex } from '../../ern/index-of-message.js';
import { memoByText } from '../../memo-by-text.js';
import { kindAt } from '../../ern/record-list.js';

const PRIMARY_KINDS = new Set<Resource['kind']>(['SoundRecording', 'Video']);

/** References of every resource a release uses, in order of first mention. */
export function resourceRefsOf(release: Release): string[] {
  const refs = new Set<string>();
  for (const t of release.tracks) {
    refs.add(t.resourceReference.value);
    for (const l of t.linked) refs.add(l);
  }
  for (const r of release.resourceReferences) refs.add(r.value);
  for (const r of release.linkedResourceReferences ?? []) refs.add(r.value);
  return [...refs];
}

/**
 * The resources `resourceRefsOf` names that resolve, in its order (each once), of `kind` when
 * given: the track list's by `index.trackFacts` (the list itself read only when its
 * tracks link resources), and a resource of another kind is never read, so a rule asking an
 * album's images looks at its tracks' numbers and kinds only.
 */
export function resourcesUsedBy(release: Release, index: MessageIndex, kind?: Resource['kind']): Resource[] {
  const seen = new Set<number>();
  const used: Resource[] = [];
  const use = (n: number) => {
    if (n < 0 || (kind !== undefined && index.resourceKindAt(n) !== kind) || seen.has(n)) return;
    seen.add(n);
    used.push(index.resourceAt(n)!);
  };
  const { numbers, linked } = index.trackFacts(release);
  if (!linked) for (let at = 0; at < numbers.length; at++) use(numbers[at]);
  else {
    // Each track's own resource, then those it links, as `resourceRefsOf` names them.
    let at = 0;
    for (const t of release.tracks) {
      use(numbers[at++]);
      for (const l of t.linked) use(index.resourceNumber(l));
    }
  }
  for (const r of release.resourceReferences) use(index.resourceNumber(r.value));
  for (const r of release.linkedResourceReferences ?? []) use(index.resourceNumber(r.value));
  return used;
}

/** The release's tracks: sound recordings and videos of its track list (else of its resource list). */
export function primaryResourcesOf(release: Release, index: MessageIndex): Resource[] {
  return resourcesOfKinds(release, index, PRIMARY_KINDS);
}

/** The resources of `kinds` in the release's track list when it has one, else in its resource list. */
export function resourcesOfKinds(release: Release, index: MessageIndex, kinds: ReadonlySet<Resource['kind']>): Resource[] {
  return Array.from(resourceNumbersOfKinds(release, index, kinds), (n) => index.resourceAt(n)!);
}

/** `primaryResourcesOf` by the resources' numbers (the index's), with no view made: a rule that noted what it needs of each resource as it closed (`ctx.onResource`) reads only those it reports. */
export function primaryResourceNumbers(release: Release, index: MessageIndex): Int32Array {
  return resourceNumbersOfKinds(release, index, PRIMARY_KINDS);
}

/** `resourcesOfKinds` by the resources' numbers (the index's), with no view made: a typed array (an album of a catalog message has hundreds of thousands). */
export function resourceNumbersOfKinds(release: Release, index: MessageIndex, kinds: ReadonlySet<Resource['kind']>): Int32Array {
  const tracks = release.tracks.length > 0 ? index.trackFacts(release).numbers : null;
  const refs = release.resourceReferences;
  const picked = new Int32Array(tracks ? tracks.length : refs.length);
  let count = 0;
  const pick = (n: number) => {
    const kind = index.resourceKindAt(n);
    if (kind !== undefined && kinds.has(kind)) picked[count++] = n;
  };
  if (tracks) for (let at = 0; at < tracks.length; at++) pick(tracks[at]);
  else for (const r of refs) pick(index.resourceNumber(r.value));
  return picked.subarray(0, count);
}

/**
 * The releases of the message that `pick` keeps, worked out once per finished list and handed out
 * as copies: about twenty rules ask at message end, and each read of a stored release's fields
 * decodes them (ern/record-store.ts).
 */
function picked(message: ErnMessage, memo: WeakMap<Records<Release>, { length: number; list: Release[] }>, pick: (m: ErnMessage) => Release[]): Release[] {
  const known = memo.get(message.releases);
  if (known && known.length === message.releases.length) return known.list.slice();
  const list = pick(message);
  memo.set(message.releases, { length: message.releases.length, list });
  return list.slice();
}

const products = new WeakMap<Records<Release>, { length: number; list: Release[] }>();
const mains = new WeakMap<Records<Release>, { length: number; list: Release[] }>();

/** Products: the main release and other non-track releases (3.x bundles, partial releases). */
export function productReleases(message: ErnMessage): Release[] {
  // Track and clip releases are left out by their kind alone, without a view; `isTrackLike` judges the others.
  return picked(message, products, (m) => releasesOfKind(m, (kind) => kind !== 'track' && kind !== 'clip', (r) => !isTrackLike(r)));
}

/**
 * The message's releases of the kinds `kinds` accepts (those of them `also` keeps, when given), in
 * order. A kind is read without a view of its release (`kindAt`): a catalog message's releases are
 * nearly all track releases, and each view decodes its release (at 104 MB, 41,463 of them: about
 * 5 ms a rule).
 */
export function releasesOfKind(message: ErnMessage, kinds: (kind: Release['kind']) => boolean, also?: (release: Release) => boolean): Release[] {
  const list = message.releases;
  const out: Release[] = [];
  for (let i = 0; i < list.length; i++) {
    if (!kinds(kindAt(list, i) as Release['kind'])) continue;
    const release = list.at(i)!;
    if (also === undefined || also(release)) out.push(release);
  }
  return out;
}

/** Texts of one-level group paths by number ('1', '2', …), made once. */
const ONE_LEVEL: string[] = [];

/**
 * A track's group path as text, its first `levels` groups joined with dots (`1.2`; '' for none):
 * an album of a catalog message holds hundreds of thousands of tracks, nearly all in a group of
 * one level, whose text is made once instead of per track.
 */
export function groupKeyOf(path: readonly number[], levels = path.length): string {
  const n = Math.min(path.length, levels);
  if (n === 0) return '';
  if (n === 1) {
    const k = path[0];
    return Number.isInteger(k) && k >= 0 && k < 4096 ? (ONE_LEVEL[k] ??= String(k)) : String(k);
  }
  return path.slice(0, n).join('.');
}

/**
 * Group paths (`TrackFacts.groupPaths`) numbered by their `groupKeyOf` text, the groups as findings
 * name them (two paths may give one text): each path's number, and how many numbers there are.
 */
export function groupNumbers(paths: readonly (readonly number[])[], levels?: number): { of: number[]; count: number } {
  const numbers = new Map<string, number>();
  const of = paths.map((path) => {
    const key = groupKeyOf(path, levels);
    let n = numbers.get(key);
    if (n === undefined) numbers.set(key, (n = numbers.size));
    return n;
  });
  return { of, count: numbers.size };
}

/** How a finding names a release: its reference, or where it starts when it has none. */
export const releaseName = (release: Release, message: ErnMessage) => release.reference?.value ?? `at line ${message.locations.line(release.loc)}`;
export const resourceName = (resource: Resource, message: ErnMessage) => resource.reference?.value ?? `${resource.kind} at line ${message.locations.line(resource.loc)}`;

/**
 * Seconds of an xs:duration (`PT3M20S`, `PT0H4M39.5S`, `P0Y2M7DT1H10M0S`); null when it is not
 * one. Years and months count as 365 and 30 days: only plausibility checks use such values.
 * Remembered by text: a message's tracks repeat a few dozen lengths.
 */
export const durationSeconds: (text: string) => number | null = memoByText(readDuration);

function readDuration(text: string): number | null {
  const m = /^(-)?P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(text.trim());
  if (!m || text.trim() === 'P' || text.trim().endsWith('T')) return null;
  const [, minus, y, mo, d, h, mi, s] = m;
  const total = Number(y ?? 0) * 31536000 + Number(mo ?? 0) * 2592000 + Number(d ?? 0) * 86400 + Number(h ?? 0) * 3600 + Number(mi ?? 0) * 60 + Number(s ?? 0);
  return minus ? -total : total;
}

/** `h:mm:ss` for messages. */
export function clock(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(h ? 2 : 1, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** 3.x senders identify track releases by an ISRC alone and often leave ReleaseType out. */
function identifiedAsTrack(release: Release): boolean {
  return !!release.ids.isrc?.value && !release.ids.icpn?.value && !release.ids.grid?.value;
}

/**
 * The main release(s): the reader's `main` kind, else (3.x without IsMainRelease) the single
 * release that is neither a track release nor identified like one, which is what importers take.
 */
export function mainReleases(message: ErnMessage): Release[] {
  return picked(message, mains, findMainReleases);
}

function findMainReleases(message: ErnMessage): Release[] {
  const main = releasesOfKind(message, (kind) => kind === 'main');
  if (main.length > 0 || message.family !== '3') return main;
  const candidates = releasesOfKind(message, (kind) => kind === 'other', (r) => !identifiedAsTrack(r));
  return candidates.length === 1 ? candidates : [];
}

/** Releases that are sold as products (need titles, artists, deals): main and other non-track releases. */
export function isTrackLike(release: Release): boolean {
  return release.kind === 'track' || release.kind === 'clip' || (release.kind === 'other' && identifiedAsTrack(release));
}
