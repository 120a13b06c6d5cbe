/**
 * Every cross-reference met anywhere in the message, matched by element name alone (the names are
 * unique to their role in both families), so cross-reference rules can check them at message end.
 */
import type { ClosedElement } from '../xml/events.js';
import type { Reference } from './model.js';
/** The reference an element carries, or null for any other element. */
export declare function referenceOf(el: ClosedElement): Reference | null;
//# sourceMappingURL=references.d.ts.map