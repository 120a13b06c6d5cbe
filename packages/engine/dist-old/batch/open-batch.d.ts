import type { Readable } from 'node:stream';
import { type Batch } from './types.js';
export interface OpenBatchOptions {
    /** Display name (the batch's `source`) for a Buffer or stream; decides zip vs XML when the bytes do not. */
    name?: string;
    limits?: {
        maxUncompressedBytes?: number;
        maxCompressionRatio?: number;
    };
}
/** `PK\x03\x04` (a local file header) or `PK\x05\x06` (the end record of an empty zip). */
export declare function looksLikeZip(head: Uint8Array): boolean;
export declare function openBatch(input: string | Buffer | Readable, opts?: OpenBatchOptions): Promise<Batch>;
//# sourceMappingURL=open-batch.d.ts.map