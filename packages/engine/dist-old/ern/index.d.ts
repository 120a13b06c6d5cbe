/** The ERN model and its readers. */
export type * from './model.js';
export { createErnReader, type ErnReader } from './reader.js';
export { indexMessage, type MessageIndex } from './index-of-message.js';
//# sourceMappingURL=index.d.ts.map