import type { Formatter } from './types.js';
export declare const junit: Formatter;
//# sourceMappingURL=junit.d.ts.map