/**
 * Remembers, for a message being buffered for xmllint, where each element opened, so that the
 * line-only errors of libxml2 can be given the DDEX path of the element at fault. Stored in
 * columns (typed arrays + parent links + interned path segments), about 12 bytes an element, since
 * a message of a few hundred megabytes has millions of elements.
 *
 * libxml2 gives the line where an element's start tag ends; the pass records the line where it
 * begins. Both agree on one-line start tags; for a start tag spread over several lines (the root,
 * with its namespace declarations) the element that began before the error's line and is the last
 * one to have begun by then is also a candidate.
 */
import type { OpenElement, XmlListener } from './events.js';
export declare class ElementLineIndex {
    private lines;
    private parents;
    private segments;
    private count;
    private readonly segmentIds;
    private readonly segmentNames;
    /** Index of the open element at each depth (root at 0). */
    private readonly stack;
    private enabled;
    readonly listener: XmlListener;
    get size(): number;
    /** Stops recording and frees what was kept (the message is too large to be validated). */
    drop(): void;
    add(el: OpenElement): void;
    /**
     * The path of the element an error on `line` is about: the first candidate named `element`,
     * else the last element opened at or before that line; '' when nothing was recorded there.
     */
    pathFor(line: number | null, element: string): string;
    pathOf(i: number): string;
    private nameOf;
    /** Binary search: lines are in document order, so never decreasing. */
    private lastAtOrBefore;
    private intern;
    private grow;
}
//# sourceMappingURL=libxml2-element-index.d.ts.map