/** Opening a delivery (folder, zip, lone XML; path, Buffer or stream) as a Batch of files. */
export { openBatch, looksLikeZip, type OpenBatchOptions } from './open-batch.js';
export { BatchError, type Batch, type BatchEntry } from './types.js';
export { DEFAULT_ZIP_LIMITS, type ZipLimits } from './zip-safety.js';
export { sniffRoot, type RootSniff } from './root-sniff.js';
//# sourceMappingURL=index.d.ts.map