export interface Digest {
    update(chunk: Buffer): void;
    /** Lower-case hex. */
    digest(): string;
}
/** Canonical digest names (the keys of `MediaFacts.hashes`). */
export type DigestName = 'crc32' | 'md4' | 'md5' | 'sha1' | 'sha224' | 'sha256' | 'sha384' | 'sha512' | 'sha3-224' | 'sha3-256' | 'sha3-384' | 'sha3-512' | 'ripemd160';
export type Resolved = {
    digest: DigestName;
} | {
    unsupported: string;
};
/** Resolves a declared algorithm (with its value, for the SHA2/SHA3 families). */
export declare function resolveAlgorithm(algorithm: string, value: string): Resolved;
export declare function createDigest(name: DigestName): Digest;
/**
 * A declared value as lower-case hex: hex as written (an optional `0x`, spaces and colons
 * removed), or base64 of the digest (some senders write that). Null when it is neither.
 */
export declare function normalizeHashValue(value: string): string | null;
/** True when the declared value denotes the computed hex digest. */
export declare function hashMatches(declared: string, computedHex: string): boolean;
//# sourceMappingURL=hash-algorithms.d.ts.map