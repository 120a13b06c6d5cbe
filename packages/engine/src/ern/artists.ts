/**
 * Display artists. 3.x: `DisplayArtist` holds the party inline (`PartyName/FullName`, `PartyId`)
 * and `ArtistRole`. 4.x: `ArtistPartyReference` (resolved to a name at message end) and
 * `DisplayArtistRole`. Both carry `@SequenceNumber`.
 */
import type { OpenElement } from '../xml/events.js';
import type { ArtistRef } from './model.js';
import { Table, type Dispatcher } from './dispatch.js';
import { locOf, toInt } from './values.js';

const ARTIST = new Table<ArtistRef>({
  'PartyName/FullName': { close: (el, a) => { a.name ??= el.text; } },
  PartyId: { close: (el, a) => { if (el.text) a.partyIds.push(el.text); } },
  ArtistRole: { close: (el, a) => { a.roles.push(el.text); } },
  ArtistPartyReference: { close: (el, a) => { a.partyReference ??= el.text; } },
  DisplayArtistRole: { close: (el, a) => { a.roles.push(el.text); } },
});

export function openArtist(el: OpenElement, d: Dispatcher, add: (a: ArtistRef) => void): void {
  const artist: ArtistRef = {
    name: null,
    partyReference: null,
    partyIds: [],
    roles: [],
    sequence: toInt(el.attrs.SequenceNumber),
    loc: locOf(el, d),
  };
  d.push(el, ARTIST, artist, add);
}

/** Same artist already listed (3.x territory blocks repeat the artists of the default block). */
export function sameArtist(a: ArtistRef, b: ArtistRef): boolean {
  return a.name === b.name && a.partyReference === b.partyReference && a.roles.join('|') === b.roles.join('|') && a.partyIds.join('|') === b.partyIds.join('|');
}
