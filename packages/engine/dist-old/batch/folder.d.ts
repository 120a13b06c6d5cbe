import type { Readable } from 'node:stream';
import { type Batch, type BatchEntry } from './types.js';
/** Opens a file of the batch as a stream; rejects (rather than emitting later) when it is gone. */
export declare function openFileStream(absolute: string): Promise<Readable>;
export declare function fileEntry(absolute: string, relative: string, size: number): BatchEntry;
export declare function openFolder(folder: string, source: string): Promise<Batch>;
//# sourceMappingURL=folder.d.ts.map