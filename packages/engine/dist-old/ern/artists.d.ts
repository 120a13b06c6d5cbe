/**
 * Display artists. 3.x: `DisplayArtist` holds the party inline (`PartyName/FullName`, `PartyId`)
 * and `ArtistRole`. 4.x: `ArtistPartyReference` (resolved to a name at message end) and
 * `DisplayArtistRole`. Both carry `@SequenceNumber`.
 */
import type { OpenElement } from '../xml/events.js';
import type { ArtistRef } from './model.js';
import { type Dispatcher } from './dispatch.js';
export declare function openArtist(el: OpenElement, d: Dispatcher, add: (a: ArtistRef) => void): void;
/** Same artist already listed (3.x territory blocks repeat the artists of the default block). */
export declare function sameArtist(a: ArtistRef, b: ArtistRef): boolean;
//# sourceMappingURL=artists.d.ts.map