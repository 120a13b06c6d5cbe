/**
 * The events of the one streaming pass over a message. Every consumer (schema validator, ERN
 * reader, rule dispatcher) is an XmlListener fed by the same saxes stream; nothing builds a DOM.
 */

/** A position taken from saxes at event time: 1-based line and column. */
export interface Position {
  line: number;
  column: number;
}

/** A position with the DDEX path of its element: where a model value or a finding is. */
export type Loc = Position & { path: string };

/** An element as seen when it opens. Children are in no namespace in ERN (unqualified form). */
export interface OpenElement extends Position {
  /** Local name, without prefix (`ICPN`). */
  name: string;
  /** Namespace URI, '' when none. */
  ns: string;
  /**
   * Attributes by name as written (`Namespace`, `xsi:schemaLocation`), namespace declarations
   * included (`xmlns`, `xmlns:xsi`): a prefix means nothing without them, and the schema validator
   * resolves attribute names and xsi:type values against them.
   */
  attrs: Record<string, string>;
  /**
   * DDEX path with 1-based sibling indices shown from the second one:
   * `/NewReleaseMessage/ReleaseList/Release[2]/ReleaseId/ICPN`. The pass builds it when read
   * (xml/path-table.ts), so a spread copy of an element has none, and a listener that needs the
   * location after the event keeps `locate(el)` (xml/pass-events.ts), not the element: an element
   * kept past its close keeps its ancestors too.
   */
  readonly path: string;
  /** Path without any index: `/NewReleaseMessage/ReleaseList/Release/ReleaseId/ICPN`. Used for handler matching. */
  bare: string;
  /** Depth, the root element is 1. */
  depth: number;
  /**
   * A small number for `bare`, the same for every element of that bare path in one pass (the
   * pass's elements have one; others, built by tests or feeders, may not): listeners keep what
   * they worked out for a path in arrays by it instead of matching the path again.
   */
  readonly bareId?: number;
}

/** The same element when it closes, with its own character data (trimmed, capped at 64 KiB). */
export interface ClosedElement extends OpenElement {
  /** Text of a leaf element; '' for an element with child elements (ERN has no mixed content: stray text reaches `onText`). */
  text: string;
  /** True when the element held child elements. */
  hasChildren: boolean;
}

export interface XmlListener {
  /** Names the listener in internal-error reports. */
  readonly name?: string;
  onOpen?(el: OpenElement): void;
  /** Raw character data of the current element (possibly in several pieces); most listeners use ClosedElement.text. */
  onText?(text: string, el: OpenElement): void;
  onClose?(el: ClosedElement): void;
  /** End of the document (well-formed or not; see `MessagePassResult.fatal`). */
  onEnd?(): void;
}

/** Largest text kept per element; longer text is truncated (a DDEX leaf never needs more). */
export const MAX_ELEMENT_TEXT = 64 * 1024;

/** True for text of XML whitespace only (space, tab, CR, LF), as between elements; a char loop beats a regex on these short strings. */
export function isXmlWhitespace(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x09 && c !== 0x0d) return false;
  }
  return true;
}

/**
 * `n` with its thousands grouped by commas (10000 → "10,000"), as `toLocaleString('en-US')` writes
 * it without loading ICU's number formatting, which cost a CLI's start 9 ms when a rule's text used it.
 */
export function grouped(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
