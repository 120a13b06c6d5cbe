/**
 * What a zip may contain before we read it: entry names that stay inside the batch root, a total
 * declared size under a cap, and no entry inflating far beyond its compressed size (zip bombs).
 * The declared sizes are also enforced while reading (yauzl's validateEntrySizes), so a zip that
 * lies about its sizes fails at read time instead of filling memory or disk.
 */
import { BatchError } from './types.js';

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

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxUncompressedBytes: 20 * 1024 ** 3,
  maxCompressionRatio: 200,
  ratioFloorBytes: 1024 ** 2,
  maxEntries: 200_000,
};

export function zipLimits(given: { maxUncompressedBytes?: number; maxCompressionRatio?: number } = {}): ZipLimits {
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
export function unsafeNameReason(rawName: string): string | null {
  if (rawName.includes('\0')) return 'contains a NUL character';
  const name = rawName.replace(/\\/g, '/');
  if (name.startsWith('/')) return 'is an absolute path';
  if (/^[a-zA-Z]:/.test(name)) return 'starts with a drive letter';
  if (name.split('/').includes('..')) return 'climbs out of the batch root (..)';
  return null;
}

export function assertSafeName(rawName: string, zipName: string): void {
  const reason = unsafeNameReason(rawName);
  if (reason) {
    throw new BatchError(`zip ${zipName}: entry "${rawName}" ${reason}; refusing to read this zip`, 'zip_unsafe_path', rawName);
  }
}

export function assertRatio(name: string, compressedSize: number, uncompressedSize: number, limits: ZipLimits, zipName: string): void {
  if (uncompressedSize <= limits.ratioFloorBytes) return;
  const ratio = compressedSize > 0 ? uncompressedSize / compressedSize : Infinity;
  if (ratio > limits.maxCompressionRatio) {
    const shown = Number.isFinite(ratio) ? `${Math.round(ratio)}:1` : 'unbounded';
    throw new BatchError(
      `zip ${zipName}: entry "${name}" would inflate ${compressedSize} bytes to ${uncompressedSize} (ratio ${shown}, limit ${limits.maxCompressionRatio}:1); refusing a possible zip bomb`,
      'zip_ratio',
      name,
    );
  }
}

/** Adds up declared sizes and entry counts as the central directory is read. */
export class ZipTotals {
  private bytes = 0;
  private count = 0;

  constructor(
    private readonly limits: ZipLimits,
    private readonly zipName: string,
  ) {}

  add(name: string, uncompressedSize: number): void {
    this.bytes += uncompressedSize;
    this.count += 1;
    if (this.bytes > this.limits.maxUncompressedBytes) {
      throw new BatchError(
        `zip ${this.zipName}: declared uncompressed size exceeds ${formatBytes(this.limits.maxUncompressedBytes)} (at entry "${name}")`,
        'zip_too_large',
        name,
      );
    }
    if (this.count > this.limits.maxEntries) {
      throw new BatchError(`zip ${this.zipName}: more than ${this.limits.maxEntries} entries`, 'zip_too_large', name);
    }
  }
}

export function formatBytes(n: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${n} bytes` : `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}
