/**
 * Every cross-reference met anywhere in the message, matched by element name alone (the names are
 * unique to their role in both families), so cross-reference rules can check them at message end.
 */
import type { ClosedElement } from '../xml/events.js';
import type { Reference } from './model.js';
import { PassElement } from '../xml/pass-events.js';
import { TableLocated, type PathTable } from '../xml/path-table.js';

/** A reference located by a path-table row; `target` is a field of the class, so every reference has one compact shape. */
class TableReference extends TableLocated {
  constructor(
    readonly target: Reference['target'],
    value: string,
    row: number,
    table: PathTable,
  ) {
    super(value, row, table);
  }

  override toJSON() {
    return { target: this.target, ...super.toJSON() };
  }
}

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
  // No closure per reference (there are five per track release): the row and the table are asked for directly.
  if (el instanceof PassElement) return new TableReference(target, el.text, el.locationRow(), el.locationTable());
  return { target, value: el.text, path: el.path, line: el.line, column: el.column };
}
