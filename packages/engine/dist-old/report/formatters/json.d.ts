/** `--format json`: an array with one Report per input, exactly the engine's objects (schemas/report.schema.json). */
import type { Formatter } from './types.js';
export declare const json: Formatter;
//# sourceMappingURL=json.d.ts.map