/**
 * Chooses the SchemaValidator: the compiled streaming validator by default (all errors, located, in
 * the one pass, memory bounded by element depth), libxml2 through xmllint-wasm on request (the
 * reference implementation; needs the whole message in memory).
 */
import type { ValidateOptions } from '../options.js';
import type { SchemaValidator } from './schema-validator.js';
import { SchemaStore } from './schema-store.js';
import { Libxml2Validator } from './libxml2-validator.js';
import { CompiledValidator } from '../xsd/compiled-validator.js';

export function createSchemaValidator(options: Pick<ValidateOptions, 'schemasDir' | 'schemaEngine'>): SchemaValidator {
  if (options.schemaEngine === 'libxml2') return new Libxml2Validator({ store: new SchemaStore({ dir: options.schemasDir }) });
  return new CompiledValidator({ dir: options.schemasDir });
}
