import type { Formatter } from './types.js';
export declare const github: Formatter;
//# sourceMappingURL=github.d.ts.map