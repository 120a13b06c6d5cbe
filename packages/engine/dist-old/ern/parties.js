import { Table } from './dispatch.js';
import { located, locOf } from './values.js';
const PARTY = new Table({
    PartyReference: { close: (el, p) => { if (p.reference.value === '')
            p.reference = located(el, el.text); } },
    'PartyName/FullName': { close: (el, p) => { if (el.text)
            p.names.push(el.text); } },
    'PartyId/ISNI': { close: (el, p) => { p.isni ??= el.text; } },
    'PartyId/DPID': { close: (el, p) => { p.dpid ??= el.text; } },
    'PartyId/IpiNameNumber': { close: (el, p) => { p.ipi ??= el.text; } },
    'PartyId/ProprietaryId': { close: (el, p) => { p.proprietaryIds.push({ namespace: el.attrs.Namespace ?? null, value: el.text }); } },
});
export function openParty(el, d, message) {
    const party = {
        // Empty until PartyReference closes; located at the Party element meanwhile.
        reference: located(el, ''),
        names: [],
        isni: null,
        dpid: null,
        ipi: null,
        proprietaryIds: [],
        loc: locOf(el),
    };
    message.parties.push(party);
    d.push(el, PARTY, party);
}
/** 4.x: display artist names and label names from the party list (first FullName of the party). */
export function resolvePartyNames(message) {
    const names = new Map();
    for (const p of message.parties)
        if (p.reference.value && p.names.length && !names.has(p.reference.value))
            names.set(p.reference.value, p.names[0]);
    const resolve = (artists) => {
        for (const a of artists)
            if (a.name === null && a.partyReference !== null)
                a.name = names.get(a.partyReference) ?? null;
    };
    for (const r of message.releases) {
        resolve(r.displayArtists);
        if (r.labels.length === 0)
            for (const ref of r.labelReferences) {
                const n = names.get(ref);
                if (n !== undefined)
                    r.labels.push(n);
            }
    }
    for (const r of message.resources)
        resolve(r.displayArtists);
}
//# sourceMappingURL=parties.js.map