import type { Formatter } from './types.js';
export declare const text: Formatter;
//# sourceMappingURL=text.d.ts.map