/**
 * 4.x `PartyList/Party`: the local anchor (`PartyReference`), names (`PartyName/FullName`, every
 * language) and identifiers (`PartyId/ISNI|DPID|IpiNameNumber|ProprietaryId`). Display artists and
 * labels point here; names are resolved as each record closes and at message end (`resolvePartyNames`).
 */
import type { OpenElement } from '../xml/events.js';
import type { ErnMessage, Party, Release, Resource } from './model.js';
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
    loc: locOf(el, d),
  };
  message.parties.push(party);
  d.push(el, PARTY, party);
}

/** Adds the name of `party` (its first FullName) under its reference, unless the reference has one already. */
export function addPartyName(names: Map<string, string>, party: Party): void {
  if (party.reference.value && party.names.length && !names.has(party.reference.value)) names.set(party.reference.value, party.names[0]);
}

/**
 * Fills the display artist names (and a release's label names) of `record` from `names`; returns
 * true when a party it names is still without a name (a party listed later may have it). A stored
 * record gives copies of its lists (record-store.ts), so the filled lists are assigned back.
 */
export function resolveNames(record: Release | Resource, names: Map<string, string>): boolean {
  const artists = record.displayArtists;
  let changed = false;
  let unnamed = false;
  for (let i = 0; i < artists.length; i++) {
    const a = artists[i];
    if (a.name === null && a.partyReference !== null) {
      const name = names.get(a.partyReference);
      if (name !== undefined) {
        a.name = name;
        changed = true;
      } else unnamed = true;
    }
  }
  if (changed) record.displayArtists = artists;
  if ('labelReferences' in record && record.labels.length === 0 && record.labelReferences.length > 0) {
    const labels: string[] = [];
    for (const ref of record.labelReferences) {
      const n = names.get(ref);
      if (n !== undefined) labels.push(n);
    }
    if (labels.length > 0) record.labels = labels;
    else unnamed = true;
  }
  return unnamed;
}

/**
 * 4.x: display artist names and label names from the party list (first FullName of the party).
 * The reader resolves each record as it closes, from the parties read before it (the PartyList
 * comes first); this resolves what a party listed later names. The reader skips it when every
 * record it resolved named only parties read before it: at 104 MB this walk read all 83,000
 * records back from their bytes, 40 ms at the end of the pass, for nothing.
 */
export function resolvePartyNames(message: ErnMessage): void {
  // Indexed loops: run once per message, where for-of would allocate an iterator result per element.
  const names = new Map<string, string>();
  const parties = message.parties;
  for (let i = 0; i < parties.length; i++) addPartyName(names, parties.at(i)!);
  const releases = message.releases;
  for (let i = 0; i < releases.length; i++) resolveNames(releases.at(i)!, names);
  const resources = message.resources;
  for (let i = 0; i < resources.length; i++) resolveNames(resources.at(i)!, names);
}
