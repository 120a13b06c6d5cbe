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
import { lastStepOf } from './pass-events.js';

export class ElementLineIndex {
  private lines = new Uint32Array(1024);
  private parents = new Int32Array(1024);
  private segments = new Uint32Array(1024);
  private count = 0;
  private readonly segmentIds = new Map<string, number>();
  private readonly segmentNames: string[] = [];
  /** Index of the open element at each depth (root at 0). */
  private readonly stack: number[] = [];
  private enabled = true;

  readonly listener: XmlListener = {
    name: 'libxml2-element-index',
    onOpen: (el) => this.add(el),
  };

  get size(): number {
    return this.count;
  }

  /** Stops recording and frees what was kept (the message is too large to be validated). */
  drop(): void {
    this.enabled = false;
    this.count = 0;
    this.lines = new Uint32Array(0);
    this.parents = new Int32Array(0);
    this.segments = new Uint32Array(0);
    this.segmentIds.clear();
    this.segmentNames.length = 0;
    this.stack.length = 0;
  }

  add(el: OpenElement): void {
    if (!this.enabled) return;
    if (this.count === this.lines.length) this.grow();
    const i = this.count++;
    this.stack.length = el.depth - 1;
    this.lines[i] = el.line;
    this.parents[i] = el.depth > 1 ? (this.stack[el.depth - 2] ?? -1) : -1;
    this.segments[i] = this.intern(lastStepOf(el));
    this.stack.push(i);
  }

  /**
   * The path of the element an error on `line` is about: the first candidate named `element`,
   * else the last element opened at or before that line; '' when nothing was recorded there.
   */
  pathFor(line: number | null, element: string): string {
    if (line === null || this.count === 0) return '';
    const last = this.lastAtOrBefore(line);
    if (last < 0) return '';
    if (element !== '') {
      if (this.lines[last] !== line) {
        if (this.nameOf(last) === element) return this.pathOf(last);
      } else {
        let first = last;
        while (first > 0 && this.lines[first - 1] === line) first--;
        for (let i = first; i <= last; i++) if (this.nameOf(i) === element) return this.pathOf(i);
        // The element begun before `line`, whose start tag may end on it.
        if (first > 0 && this.nameOf(first - 1) === element) return this.pathOf(first - 1);
      }
    }
    return this.pathOf(last);
  }

  pathOf(i: number): string {
    const parts: string[] = [];
    for (let at = i; at >= 0; at = this.parents[at]) parts.push(this.segmentNames[this.segments[at]]);
    return '/' + parts.reverse().join('/');
  }

  private nameOf(i: number): string {
    const segment = this.segmentNames[this.segments[i]];
    const bracket = segment.indexOf('[');
    return bracket < 0 ? segment : segment.slice(0, bracket);
  }

  /** Binary search: lines are in document order, so never decreasing. */
  private lastAtOrBefore(line: number): number {
    let lo = 0;
    let hi = this.count - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (this.lines[mid] <= line) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }

  private intern(segment: string): number {
    let id = this.segmentIds.get(segment);
    if (id === undefined) {
      id = this.segmentNames.length;
      this.segmentNames.push(segment);
      this.segmentIds.set(segment, id);
    }
    return id;
  }

  private grow(): void {
    const size = this.lines.length * 2;
    const lines = new Uint32Array(size);
    lines.set(this.lines);
    const parents = new Int32Array(size);
    parents.set(this.parents);
    const segments = new Uint32Array(size);
    segments.set(this.segments);
    this.lines = lines;
    this.parents = parents;
    this.segments = segments;
  }
}
