/**
 * What the release-stage rules ask of a release: its resources (track list, resource list, linked
 * cover art), which of them are primary (sound recordings and videos in the track list), and
 * durations in seconds. Shared by several rules so each states only its own check.
 */
import type { ErnMessage, Release, Resource } from '../../ern/model.js';
import type { MessageIndex } from '../../ern/index-of-message.js';
/** References of every resource a release uses, in order of first mention. */
export declare function resourceRefsOf(release: Release): string[];
/** The release's tracks: sound recordings and videos of its track list (else of its resource list). */
export declare function primaryResourcesOf(release: Release, index: MessageIndex): Resource[];
/** Products: the main release and other non-track releases (3.x bundles, partial releases). */
export declare function productReleases(message: ErnMessage): Release[];
export declare const releaseName: (release: Release) => string;
export declare const resourceName: (resource: Resource) => string;
/**
 * Seconds of an xs:duration (`PT3M20S`, `PT0H4M39.5S`, `P0Y2M7DT1H10M0S`); null when it is not
 * one. Years and months count as 365 and 30 days: only plausibility checks use such values.
 */
export declare function durationSeconds(text: string): number | null;
/** `h:mm:ss` for messages. */
export declare function clock(seconds: number): string;
/**
 * The main release(s): the reader's `main` kind, else (3.x without IsMainRelease) the single
 * release that is neither a track release nor identified like one, which is what importers take.
 */
export declare function mainReleases(message: ErnMessage): Release[];
/** Releases that are sold as products (need titles, artists, deals): main and other non-track releases. */
export declare function isTrackLike(release: Release): boolean;
//# sourceMappingURL=release-contents.d.ts.map