/**
 * The scope machinery the ERN readers are built on. A scope is "the element we are filling an
 * object for" (a release, a resource, a title, a file...): it has a table of rules keyed by paths
 * relative to the scope's element, and a target object. Events go to the innermost scope only; a
 * rule may open a nested scope (a DisplayArtist inside a release), whose `end` runs when its
 * element closes. Matching is cheap on purpose (one Map lookup on the local name, then a length
 * check and an `endsWith` on the bare path): no regex, no string building per event.
 */
import type { ClosedElement, OpenElement } from '../xml/events.js';
/** What to do when an element at a given relative path opens or closes. */
export interface Rule<T> {
    open?(el: OpenElement, target: T, d: Dispatcher): void;
    close?(el: ClosedElement, target: T, d: Dispatcher): void;
}
/** Rules by relative path, written without leading slash: `ReleaseId/ICPN`. */
export type Rules<T> = Record<string, Rule<T>>;
interface Entry<T> {
    /** `/ReleaseId/ICPN`: compared against the end of the element's bare path. */
    rel: string;
    rule: Rule<T>;
}
/** Rules indexed by the local name of the element they match (the last path segment). */
export declare class Table<T> {
    readonly byName: Map<string, Entry<T>[]>;
    constructor(...parts: Rules<T>[]);
}
/** Prefixes every key of a rule set (`ReleaseId/` + `ICPN`), to reuse a building block at another place. */
export declare function under<T>(prefix: string, rules: Rules<T>): Rules<T>;
/** Adapts a rule set on a part of a target (`release.ids`) to the target itself. */
export declare function focus<T, U>(rules: Rules<U>, part: (target: T) => U): Rules<T>;
export declare class Dispatcher {
    private readonly stack;
    /** The outermost scope is the root element (depth 1). */
    constructor(rootBareLength: number, table: Table<any>, target: unknown);
    /** Opens a nested scope on `el` (call from an `open` rule). `end` runs when `el` closes. */
    push<T>(el: OpenElement, table: Table<T>, target: T, end?: (target: T, el: ClosedElement) => void): void;
    onOpen(el: OpenElement): void;
    onClose(el: ClosedElement): void;
}
export {};
//# sourceMappingURL=dispatch.d.ts.map