/**
 * Every cross-reference met anywhere in the message, matched by element name alone (the names are
 * unique to their role in both families), so cross-reference rules can check them at message end.
 */
import type { ClosedElement } from '../xml/events.js';
import type { Reference } from './model.js';
import { locateValue } from '../xml/pass-events.js';

const TARGETS = new Map<string, Reference['target']>([
  ['ReleaseResourceReference', 'resource'],
  ['LinkedReleaseResourceReference', 'resource'],
  ['DealReleaseReference', 'release'],
  ['ArtistPartyReference', 'party'],
  ['ReleaseLabelReference', 'party'],
  ['ContributorPartyReference', 'party'],
  ['RightsControllerPartyReference', 'party'],
  ['DisplayCreditParty', 'party'],
  ['ReleaseVisibilityReference', 'visibility'],
]);

/** The reference an element carries, or null for any other element. */
export function referenceOf(el: ClosedElement): Reference | null {
  const target = TARGETS.get(el.name);
  if (target === undefined) return null;
  // Located like every model value (a path-table row); every reference gets `target` the same way, so they share one shape.
  const reference = locateValue(el, el.text) as Partial<Reference> & Omit<Reference, 'target'>;
  reference.target = target;
  return reference as Reference;
}
