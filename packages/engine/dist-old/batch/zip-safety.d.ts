export interface ZipLimits {
    /** Sum of declared uncompressed sizes over all entries (default 20 GiB). */
    maxUncompressedBytes: number;
    /** Uncompressed/compressed ratio allowed per entry above `ratioFloorBytes` (default 200). */
    maxCompressionRatio: number;
    /** Entries up to this size are exempt from the ratio (small XML compresses very well). */
    ratioFloorBytes: number;
    /** Number of entries (a central directory of millions of entries is an attack, not a delivery). */
    maxEntries: number;
}
export declare const DEFAULT_ZIP_LIMITS: ZipLimits;
export declare function zipLimits(given?: {
    maxUncompressedBytes?: number;
    maxCompressionRatio?: number;
}): ZipLimits;
/**
 * Why an entry name would escape the batch root, or null when it is safe. Backslashes count as
 * separators (Windows tools extract them as such), so `..\evil` and `C:\x` are caught too.
 */
export declare function unsafeNameReason(rawName: string): string | null;
export declare function assertSafeName(rawName: string, zipName: string): void;
export declare function assertRatio(name: string, compressedSize: number, uncompressedSize: number, limits: ZipLimits, zipName: string): void;
/** Adds up declared sizes and entry counts as the central directory is read. */
export declare class ZipTotals {
    private readonly limits;
    private readonly zipName;
    private bytes;
    private count;
    constructor(limits: ZipLimits, zipName: string);
    add(name: string, uncompressedSize: number): void;
}
export declare function formatBytes(n: number): string;
//# sourceMappingURL=zip-safety.d.ts.map