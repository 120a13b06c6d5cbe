/**
 * Every cross-reference met anywhere in the message, matched by element name alone (the names are
 * unique to their role in both families), so cross-reference rules can check them at message end.
 */
import type { ClosedElement } from '../xml/events.js';
import type { Reference } from './model.js';
import { PassElement } from '../xml/pass-events.js';
import { TableLocated, type PathTable } from '../xml/path-table.js';
import { RecordStore } from './record-store.js';
import { StoredList } from './stored-list.js';

/** A reference located by a path-table row; `target` is a field of the class, so every reference has one compact shape. */
export class TableReference extends TableLocated {
  constructor(
    readonly target: Reference['target'],
    value: string,
    row: number,
    rel: number,
    line: number,
    column: number,
    table: PathTable,
  ) {
    super(value, row, rel, line, column, table);
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

/** The target of the references an element of this name carries, or null: not a reference. */
export function targetOf(name: string): Reference['target'] | null {
  return TARGETS.get(name) ?? null;
}

/** The reference an element carries, or null for any other element. */
export function referenceOf(el: ClosedElement): Reference | null {
  const target = TARGETS.get(el.name);
  if (target === undefined) return null;
  // No closure per reference (there are five per track release): the row and the table are asked for directly.
  if (el instanceof PassElement) return new TableReference(target, el.text, el.locationRow(), el.locationRel(), el.line, el.column, el.locationTable());
  return { target, value: el.text, path: el.path, line: el.line, column: el.column };
}

/** The message's unresolved references, kept as bytes: a reference is written as its located value and its target. */
export function storedReferences(store = new RecordStore('ordered')): StoredList<Reference> {
  return new StoredList<Reference>(
    store,
    (ref) =>
      ref instanceof TableReference
        ? { loc: new TableLocated(ref.value, ref.row, ref.rel, ref.line, ref.column, ref.table), target: ref.target }
        : { target: ref.target, value: ref.value, path: ref.path, line: ref.line, column: ref.column },
    (record) => {
      const at = record.loc as TableLocated | undefined;
      if (at === undefined) return record as unknown as Reference;
      return new TableReference(record.target as Reference['target'], at.value, at.row, at.rel, at.line, at.column, at.table);
    },
  );
}
