import type { Rule } from './define.js';
/** Every rule, in stage order. */
export declare const RULES: readonly Rule[];
//# sourceMappingURL=index.generated.d.ts.map