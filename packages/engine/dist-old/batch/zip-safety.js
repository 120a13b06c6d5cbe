/**
 * What a zip may contain before we read it: entry names that stay inside the batch root, a total
 * declared size under a cap, and no entry inflating far beyond its compressed size (zip bombs).
 * The declared sizes are also enforced while reading (yauzl's validateEntrySizes), so a zip that
 * lies about its sizes fails at read time instead of filling memory or disk.
 */
import { BatchError } from './types.js';
export const DEFAULT_ZIP_LIMITS = {
    maxUncompressedBytes: 20 * 1024 ** 3,
    maxCompressionRatio: 200,
    ratioFloorBytes: 1024 ** 2,
    maxEntries: 200_000,
};
export function zipLimits(given = {}) {
    return {
        ...DEFAULT_ZIP_LIMITS,
        ...(given.maxUncompressedBytes !== undefined ? { maxUncompressedBytes: given.maxUncompressedBytes } : {}),
        ...(given.maxCompressionRatio !== undefined ? { maxCompressionRatio: given.maxCompressionRatio } : {}),
    };
}
/**
 * Why an entry name would escape the batch root, or null when it is safe. Backslashes count as
 * separators (Windows tools extract them as such), so `..\evil` and `C:\x` are caught too.
 */
export function unsafeNameReason(rawName) {
    if (rawName.includes('\0'))
        return 'contains a NUL character';
    const name = rawName.replace(/\\/g, '/');
    if (name.startsWith('/'))
        return 'is an absolute path';
    if (/^[a-zA-Z]:/.test(name))
        return 'starts with a drive letter';
    if (name.split('/').includes('..'))
        return 'climbs out of the batch root (..)';
    return null;
}
export function assertSafeName(rawName, zipName) {
    const reason = unsafeNameReason(rawName);
    if (reason) {
        throw new BatchError(`zip ${zipName}: entry "${rawName}" ${reason}; refusing to read this zip`, 'zip_unsafe_path', rawName);
    }
}
export function assertRatio(name, compressedSize, uncompressedSize, limits, zipName) {
    if (uncompressedSize <= limits.ratioFloorBytes)
        return;
    const ratio = compressedSize > 0 ? uncompressedSize / compressedSize : Infinity;
    if (ratio > limits.maxCompressionRatio) {
        const shown = Number.isFinite(ratio) ? `${Math.round(ratio)}:1` : 'unbounded';
        throw new BatchError(`zip ${zipName}: entry "${name}" would inflate ${compressedSize} bytes to ${uncompressedSize} (ratio ${shown}, limit ${limits.maxCompressionRatio}:1); refusing a possible zip bomb`, 'zip_ratio', name);
    }
}
/** Adds up declared sizes and entry counts as the central directory is read. */
export class ZipTotals {
    limits;
    zipName;
    bytes = 0;
    count = 0;
    constructor(limits, zipName) {
        this.limits = limits;
        this.zipName = zipName;
    }
    add(name, uncompressedSize) {
        this.bytes += uncompressedSize;
        this.count += 1;
        if (this.bytes > this.limits.maxUncompressedBytes) {
            throw new BatchError(`zip ${this.zipName}: declared uncompressed size exceeds ${formatBytes(this.limits.maxUncompressedBytes)} (at entry "${name}")`, 'zip_too_large', name);
        }
        if (this.count > this.limits.maxEntries) {
            throw new BatchError(`zip ${this.zipName}: more than ${this.limits.maxEntries} entries`, 'zip_too_large', name);
        }
    }
}
export function formatBytes(n) {
    const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
    let value = n;
    let unit = 0;
    while (value >= 1024 && unit < units.length - 1) {
        value /= 1024;
        unit++;
    }
    return unit === 0 ? `${n} bytes` : `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}
//# sourceMappingURL=zip-safety.js.map