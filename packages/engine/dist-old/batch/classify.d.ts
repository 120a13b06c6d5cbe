/**
 * Picks the ERN messages, the manifests and the completion marker out of a batch's files, from
 * names and from the root element of each `.xml` (read from its first few KB only).
 *
 * An `.xml` whose start cannot be read as XML (empty, binary, text) is still listed as a message:
 * a delivery's XML that cannot be read must be reported, not silently ignored.
 */
import { type RootSniff } from './root-sniff.js';
import type { BatchEntry } from './types.js';
export type XmlRole = 'message' | 'manifest' | 'other';
export interface Classified {
    messages: BatchEntry[];
    manifests: BatchEntry[];
    marker: BatchEntry | null;
}
export declare const isXmlName: (p: string) => boolean;
export declare const isBatchCompleteXml: (p: string) => boolean;
export declare const isMarkerName: (p: string) => boolean;
/** Files a delivery never means to contain: dotfiles (`.DS_Store`, `._x.xml`) and macOS zip debris. */
export declare function isIgnoredPath(p: string): boolean;
/** What an XML root says about the file. */
export declare function roleOfRoot(sniff: RootSniff): XmlRole;
/** Reads up to `limit` bytes from the start of an entry; null when it cannot be opened or read. */
export declare function readHead(entry: BatchEntry, limit: number): Promise<Buffer | null>;
/** Sniffs the root of one XML entry, reading more only when the first read ends before the root. */
export declare function sniffEntry(entry: BatchEntry): Promise<RootSniff>;
/** Classifies the files of a folder or zip batch (entries must already exclude ignored paths). */
export declare function classifyEntries(entries: BatchEntry[]): Promise<Classified>;
//# sourceMappingURL=classify.d.ts.map