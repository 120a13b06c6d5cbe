/**
 * MD4 (RFC 1320), streaming. ERN 3.x lists MD4 among its hash algorithms, and OpenSSL 3 (Node 17+)
 * only offers it through the legacy provider, so it is computed here.
 */
import type { Digest } from './hash-algorithms.js';
export declare function createMd4(): Digest;
//# sourceMappingURL=md4.d.ts.map