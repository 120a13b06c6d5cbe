import { type XmlListener } from './events.js';
export interface RootInfo {
    name: string;
    ns: string;
    attrs: Record<string, string>;
    line: number;
    column: number;
}
export interface PassSetup {
    listeners: XmlListener[];
    /** Receives every byte of the message, from the first one. */
    onBytes?: (chunk: Buffer) => void;
}
export interface PassFailure {
    message: string;
    line: number | null;
    column: number | null;
    /** `encoding`, `doctype` (entities / external DTD refused), `syntax`, `empty`. */
    kind: 'encoding' | 'doctype' | 'syntax' | 'empty' | 'read';
}
export interface ListenerFailure {
    listener: string;
    error: string;
    line: number;
    column: number;
    path: string;
}
export interface PassResult {
    root: RootInfo | null;
    /** Why the message is not well-formed XML; null when it is. */
    fatal: PassFailure | null;
    listenerFailures: ListenerFailure[];
    bytes: number;
    elements: number;
}
/**
 * A copy of `text` that does not share memory with saxes' input chunk. V8 makes substrings of 13
 * or more characters slices of their parent string, so a title kept in the model would otherwise
 * keep its whole 64 KiB chunk alive (measured: a third of the model's heap).
 */
export declare function detached(text: string): string;
/** Runs the pass. `setup` is called once with the root (null when none could be found) and returns the listeners. */
export declare function runMessagePass(source: AsyncIterable<Buffer | Uint8Array | string>, setup: (root: RootInfo | null) => Promise<PassSetup> | PassSetup): Promise<PassResult>;
//# sourceMappingURL=pass.d.ts.map