/**
 * 4.x `PartyList/Party`: the local anchor (`PartyReference`), names (`PartyName/FullName`, every
 * language) and identifiers (`PartyId/ISNI|DPID|IpiNameNumber|ProprietaryId`). Display artists and
 * labels point here; names are resolved at message end (`resolvePartyNames`).
 */
import type { OpenElement } from '../xml/events.js';
import type { ErnMessage, Party } from './model.js';
import { Table, type Dispatcher } from './dispatch.js';
import { located, locOf } from './values.js';

const PARTY = new Table<Party>({
  PartyReference: { close: (el, p) => { if (p.reference.value === '') p.reference = located(el, el.text); } },
  'PartyName/FullName': { close: (el, p) => { if (el.text) p.names.push(el.text); } },
  'PartyId/ISNI': { close: (el, p) => { p.isni ??= el.text; } },
  'PartyId/DPID': { close: (el, p) => { p.dpid ??= el.text; } },
  'PartyId/IpiNameNumber': { close: (el, p) => { p.ipi ??= el.text; } },
  'PartyId/ProprietaryId': { close: (el, p) => { p.proprietaryIds.push({ namespace: el.attrs.Namespace ?? null, value: el.text }); } },
});

export function openParty(el: OpenElement, d: Dispatcher, message: ErnMessage): void {
  const party: Party = {
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
export function resolvePartyNames(message: ErnMessage): void {
  // Indexed loops: run once per message, where for-of would allocate an iterator result per element.
  const names = new Map<string, string>();
  const parties = message.parties;
  for (let i = 0; i < parties.length; i++) {
    const p = parties[i];
    if (p.reference.value && p.names.length && !names.has(p.reference.value)) names.set(p.reference.value, p.names[0]);
  }
  const resolve = (artists: { name: string | null; partyReference: string | null }[]) => {
    for (let i = 0; i < artists.length; i++) {
      const a = artists[i];
      if (a.name === null && a.partyReference !== null) a.name = names.get(a.partyReference) ?? null;
    }
  };
  const releases = message.releases;
  for (let i = 0; i < releases.length; i++) {
    const r = releases[i];
    resolve(r.displayArtists);
    if (r.labels.length === 0 && r.labelReferences.length > 0) {
      // A new list: a compacted record's empty list is shared and frozen (compact.ts).
      const labels: string[] = [];
      for (const ref of r.labelReferences) { const n = names.get(ref); if (n !== undefined) labels.push(n); }
      if (labels.length > 0) r.labels = labels;
    }
  }
  const resources = message.resources;
  for (let i = 0; i < resources.length; i++) resolve(resources[i].displayArtists);
}
