/** Opening a delivery (folder, zip, lone XML; path, Buffer or stream) as a Batch of files. */
export { openBatch, looksLikeZip } from './open-batch.js';
export { BatchError } from './types.js';
export { DEFAULT_ZIP_LIMITS } from './zip-safety.js';
export { sniffRoot } from './root-sniff.js';
//# sourceMappingURL=index.js.map