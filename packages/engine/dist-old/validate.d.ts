import type { Report } from './report/types.js';
import type { ValidateInput, ValidateOptions } from './options.js';
/** Reads a delivery and answers whether it would import. Throws only for a path that does not exist or a bad configuration. */
export declare function validate(input: ValidateInput, options?: ValidateOptions): Promise<Report>;
//# sourceMappingURL=validate.d.ts.map