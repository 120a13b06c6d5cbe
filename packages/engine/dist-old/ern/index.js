export { createErnReader } from './reader.js';
export { indexMessage } from './index-of-message.js';
//# sourceMappingURL=index.js.map