import { Table } from './dispatch.js';
import { locOf, toInt } from './values.js';
const ARTIST = new Table({
    'PartyName/FullName': { close: (el, a) => { a.name ??= el.text; } },
    PartyId: { close: (el, a) => { if (el.text)
            a.partyIds.push(el.text); } },
    ArtistRole: { close: (el, a) => { a.roles.push(el.text); } },
    ArtistPartyReference: { close: (el, a) => { a.partyReference ??= el.text; } },
    DisplayArtistRole: { close: (el, a) => { a.roles.push(el.text); } },
});
export function openArtist(el, d, add) {
    const artist = {
        name: null,
        partyReference: null,
        partyIds: [],
        roles: [],
        sequence: toInt(el.attrs.SequenceNumber),
        loc: locOf(el),
    };
    d.push(el, ARTIST, artist, add);
}
/** Same artist already listed (3.x territory blocks repeat the artists of the default block). */
export function sameArtist(a, b) {
    return a.name === b.name && a.partyReference === b.partyReference && a.roles.join('|') === b.roles.join('|') && a.partyIds.join('|') === b.partyIds.join('|');
}
//# sourceMappingURL=artists.js.map