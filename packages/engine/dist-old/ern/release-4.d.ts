/**
 * ERN 4.x releases: `ReleaseList/Release` (the main release), `TrackRelease` and 4.3 `ClipRelease`.
 * Everything sits on the release itself (no territory blocks); repeated elements carry
 * `@ApplicableTerritoryCode`. Display artists and labels point into the PartyList and get their
 * names at message end. The first ReleaseDate / OriginalReleaseDate is kept.
 */
import type { OpenElement } from '../xml/events.js';
import type { ErnMessage } from './model.js';
import { type Dispatcher } from './dispatch.js';
export declare function openRelease4(el: OpenElement, d: Dispatcher, message: ErnMessage): void;
//# sourceMappingURL=release-4.d.ts.map