/**
 * Chooses the SchemaValidator: the compiled streaming validator by default (all errors, located, in
 * the one pass, memory bounded by element depth), libxml2 through xmllint-wasm on request (the
 * reference implementation; needs the whole message in memory).
 */
import type { ValidateOptions } from '../options.js';
import type { SchemaValidator } from './schema-validator.js';
export declare function createSchemaValidator(options: Pick<ValidateOptions, 'schemasDir' | 'schemaEngine'>): SchemaValidator;
//# sourceMappingURL=schema-engines.d.ts.map