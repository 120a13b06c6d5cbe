import type { Formatter } from './types.js';
export declare const sarif: Formatter;
//# sourceMappingURL=sarif.d.ts.map