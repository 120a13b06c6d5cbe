/**
 * 3.x release kinds, decided at message end. `@IsMainRelease="true"` makes a release `main`;
 * ReleaseType TrackRelease (or VideoTrackRelease) makes it `track`. When no release is flagged,
 * the one release whose type is a product type (Album, Single, EP...) and that is not a track
 * release is taken as `main`, if there is exactly one such (senders often omit the flag).
 */
import type { Records, Release } from './model.js';

const TRACK_TYPES = new Set(['TrackRelease', 'VideoTrackRelease']);

/** Release types that describe a whole product rather than a part of one. */
const PRODUCT_TYPES = new Set([
  'Album', 'ClassicalAlbum', 'EP', 'Single', 'VideoAlbum', 'VideoSingle', 'MultimediaAlbum', 'MultimediaSingle',
  'DigitalBoxSetRelease', 'ClassicalDigitalBoxedSet', 'MultimediaDigitalBoxedSet', 'Bundle', 'FilmBundle',
  'SingleResourceRelease', 'SingleResourceReleaseWithCoverArt', 'RingtoneRelease', 'RingbackToneRelease',
  'AlertToneRelease', 'LongFormMusicalWorkVideoRelease', 'LongFormNonMusicalWorkVideoRelease', 'AudioBookRelease',
  'KaraokeRelease', 'DjMix', 'ConcertVideo',
]);

export function assignReleaseKinds3(releases: Records<Release>): void {
  // Assigned only where it changes: a stored record is written again on assignment (record-store.ts).
  for (const r of releases) {
    const kind = ownKind3(r);
    if (r.kind !== kind) r.kind = kind;
  }
  if (releases.some((r) => r.kind === 'main')) return;
  const candidates = releases.filter((r) => r.kind === 'other' && r.types.some((t) => PRODUCT_TYPES.has(t)));
  if (candidates.length === 1) candidates[0].kind = 'main';
}

/** The kind a 3.x release's own fields give (the reader sets it as the record closes; message end may still promote one `other` to `main`). */
export function ownKind3(r: Pick<Release, 'isMainRelease' | 'types'>): Release['kind'] {
  return r.isMainRelease === true ? 'main' : r.types.some((t) => TRACK_TYPES.has(t)) ? 'track' : 'other';
}
