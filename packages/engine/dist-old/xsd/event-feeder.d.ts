import type { OpenElement, XmlListener } from '../xml/events.js';
export interface FeedResult {
    /** First well-formedness error, null when the document is well-formed. */
    fatal: string | null;
    elements: number;
}
/**
 * Feeds a document (string or chunks) to the listener returned by `onRoot` when the root opens
 * (null: nothing listens). Returns when the input is consumed.
 */
export declare function feedXml(input: string | Buffer | AsyncIterable<string | Buffer> | Iterable<string | Buffer>, onRoot: (root: OpenElement) => XmlListener | null): Promise<FeedResult>;
//# sourceMappingURL=event-feeder.d.ts.map