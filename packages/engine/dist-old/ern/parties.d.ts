/**
 * 4.x `PartyList/Party`: the local anchor (`PartyReference`), names (`PartyName/FullName`, every
 * language) and identifiers (`PartyId/ISNI|DPID|IpiNameNumber|ProprietaryId`). Display artists and
 * labels point here; names are resolved at message end (`resolvePartyNames`).
 */
import type { OpenElement } from '../xml/events.js';
import type { ErnMessage } from './model.js';
import { type Dispatcher } from './dispatch.js';
export declare function openParty(el: OpenElement, d: Dispatcher, message: ErnMessage): void;
/** 4.x: display artist names and label names from the party list (first FullName of the party). */
export declare function resolvePartyNames(message: ErnMessage): void;
//# sourceMappingURL=parties.d.ts.map