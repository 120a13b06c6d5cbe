/**
 * The unresolved references of a message kept as objects (ErnMessage.unresolvedReferences), in columns: each value
 * (the very string the record holding the reference keeps), its target as a byte and its location
 * as four numbers, instead of an object per reference (five per track release, 80 bytes each, that
 * the garbage collector copied twice and then marked for the rest of the pass). Iteration makes
 * the references again, one at a time; one rule reads them, once, at message end.
 */
import type { Reference, ReferenceList } from './model.js';
import { TableReference } from './references.js';
import type { PathTable } from '../xml/path-table.js';

const TARGETS: readonly Reference['target'][] = ['release', 'resource', 'party', 'deal', 'visibility'];

export class ReferenceColumns implements ReferenceList {
  length = 0;
  private values: string[] = [];
  private targets = new Uint8Array(1024);
  /** Row, relative row, line and column of each reference. */
  private places = new Int32Array(4096);
  private table: PathTable | null = null;
  /** Once a reference that is not a path-table one comes (tests, feeders), every reference is kept as it is. */
  private plain: Reference[] | null = null;

  push(reference: Reference): number {
    if (this.plain === null && reference instanceof TableReference && (this.table ??= reference.table) === reference.table) {
      const i = this.length;
      if (i === this.targets.length) this.grow();
      this.values.push(reference.value);
      this.targets[i] = TARGETS.indexOf(reference.target);
      const at = i * 4;
      this.places[at] = reference.row;
      this.places[at + 1] = reference.rel;
      this.places[at + 2] = reference.line;
      this.places[at + 3] = reference.column;
      return ++this.length;
    }
    this.plain ??= [...this];
    this.plain.push(reference);
    return ++this.length;
  }

  *[Symbol.iterator](): Iterator<Reference> {
    if (this.plain !== null) {
      yield* this.plain;
      return;
    }
    for (let i = 0; i < this.length; i++) {
      const at = i * 4;
      yield new TableReference(TARGETS[this.targets[i]], this.values[i], this.places[at], this.places[at + 1], this.places[at + 2], this.places[at + 3], this.table!);
    }
  }

  toJSON(): Reference[] {
    return [...this];
  }

  private grow(): void {
    const targets = new Uint8Array(this.targets.length * 2);
    targets.set(this.targets);
    this.targets = targets;
    const places = new Int32Array(this.places.length * 2);
    places.set(this.places);
    this.places = places;
  }
}
