/**
 * xs:ID uniqueness and xs:IDREF resolution over one message. IDs are kept in a compact hash set;
 * an IDREF is kept only while no ID of that value has been seen (ERN mostly refers backwards), so
 * memory is the ID set plus forward references.
 */
import type { SchemaIssue } from '../xml/schema-result.js';
import type { Loc, OpenElement } from '../xml/events.js';
import { locate } from '../xml/pass-events.js';
import { CompactIdSet } from './compact-id-set.js';
import { normalizeWhiteSpace } from './simple-type-compiler.js';

interface PendingRef {
  value: string;
  /** Built only if the reference stays unresolved (xml/path-table.ts). */
  where: Loc;
  element: string;
}

export class IdentityTracker {
  private ids = new CompactIdSet();
  private readonly pending: PendingRef[] = [];

  constructor(private readonly report: (issue: SchemaIssue) => void) {}

  /** A valid value of a type built on `builtin`; only ID, IDREF and IDREFS matter. */
  value(builtin: string, raw: string, el: OpenElement): void {
    if (builtin !== 'ID' && builtin !== 'IDREF' && builtin !== 'IDREFS') return;
    const value = normalizeWhiteSpace(raw, 'collapse');
    if (builtin === 'ID') {
      if (!this.ids.add(value)) {
        this.report({ message: `Duplicate ID '${value}' in ${el.name}: IDs must be unique in the message`, line: el.line, column: el.column, path: el.path });
      }
      return;
    }
    for (const ref of builtin === 'IDREFS' ? value.split(' ') : [value]) {
      if (!this.ids.has(ref)) this.pending.push({ value: ref, where: locate(el), element: el.name });
    }
  }

  finish(): void {
    for (const ref of this.pending) {
      if (this.ids.has(ref.value)) continue;
      const { line, column, path } = ref.where;
      this.report({ message: `Reference '${ref.value}' in ${ref.element} does not match any ID in the message`, line, column, path });
    }
    this.pending.length = 0;
    // The message is read: its IDs (hashes of 8 bytes or more each, bits for numbered ones) are not needed while the rules run.
    this.ids = new CompactIdSet();
  }
}
