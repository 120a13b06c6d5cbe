/**
 * ResourceGroups, nested to any depth: each `ResourceGroupContentItem` with a
 * `ReleaseResourceReference` becomes a track entry, in document order, with the sequence numbers
 * of its enclosing groups (`groupPath`, outermost first; a group without SequenceNumber counts by
 * its position among its sibling groups). 4.x group-level `LinkedReleaseResourceReference`s (a
 * release's front cover) go to `release.linkedResourceReferences`.
 */
import type { OpenElement } from '../xml/events.js';
import type { Release } from './model.js';
import { type Dispatcher } from './dispatch.js';
interface Group {
    release: Release;
    parent: Group | null;
    sequence: number | null;
    index: number;
}
export declare function openResourceGroup(el: OpenElement, d: Dispatcher, release: Release, parent?: Group | null): void;
export {};
//# sourceMappingURL=resource-groups.d.ts.map