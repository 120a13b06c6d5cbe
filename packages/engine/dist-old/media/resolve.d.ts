import type { Batch, BatchEntry } from '../batch/types.js';
import type { ResourceFile } from '../ern/model.js';
export declare function isRemoteReference(file: ResourceFile): boolean;
/** The batch paths a reference may denote, most likely first. */
export declare function candidatePaths(file: ResourceFile, messageFile: string): string[];
export interface BatchResolver {
    resolve(file: ResourceFile, messageFile: string): BatchEntry | null;
    /** A batch path that differs only in letter case (or a near name in the same folder), to suggest. */
    nearest(file: ResourceFile, messageFile: string): string | null;
}
export declare function createResolver(batch: Batch): BatchResolver;
//# sourceMappingURL=resolve.d.ts.map