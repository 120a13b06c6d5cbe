import { type Sniffed } from './sniff.js';
import type { ImageFacts } from './types.js';
export declare function imageFactsOf(input: {
    path: string;
    bytes: Buffer;
    complete: boolean;
    tail: Buffer;
    sniffed: Sniffed;
    deep: boolean;
}): Promise<ImageFacts>;
//# sourceMappingURL=probe-image.d.ts.map