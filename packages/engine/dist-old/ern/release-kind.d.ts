/**
 * 3.x release kinds, decided at message end. `@IsMainRelease="true"` makes a release `main`;
 * ReleaseType TrackRelease (or VideoTrackRelease) makes it `track`. When no release is flagged,
 * the one release whose type is a product type (Album, Single, EP...) and that is not a track
 * release is taken as `main`, if there is exactly one such (senders often omit the flag).
 */
import type { Release } from './model.js';
export declare function assignReleaseKinds3(releases: Release[]): void;
//# sourceMappingURL=release-kind.d.ts.map