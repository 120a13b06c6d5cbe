import { type Batch } from './types.js';
import { type ZipLimits } from './zip-safety.js';
export type ZipSource = {
    file: string;
} | {
    buffer: Buffer;
};
export declare function openZip(source: ZipSource, zipName: string, limits: ZipLimits, cleanup?: () => Promise<void>): Promise<Batch>;
//# sourceMappingURL=zip.d.ts.map