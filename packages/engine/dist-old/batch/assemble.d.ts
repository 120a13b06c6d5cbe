import { type Batch, type BatchEntry } from './types.js';
export interface BatchParts {
    kind: 'folder' | 'zip';
    source: string;
    entries: BatchEntry[];
    messageOnly: boolean;
    close(): Promise<void>;
}
export declare function batchOf(parts: BatchParts): Promise<Batch>;
/** close() may be called more than once (by the engine and by a caller's finally). */
export declare function once(fn: () => Promise<void>): () => Promise<void>;
//# sourceMappingURL=assemble.d.ts.map