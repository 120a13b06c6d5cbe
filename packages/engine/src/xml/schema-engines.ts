/** Chooses the SchemaValidator: the compiled streaming validator by default when present, libxml2 on request. */
import type { ValidateOptions } from '../options.js';
import type { SchemaValidator } from './schema-validator.js';
import { SchemaStore } from './schema-store.js';
import { Libxml2Validator } from './libxml2-validator.js';

export function createSchemaValidator(options: Pick<ValidateOptions, 'schemasDir' | 'schemaEngine'>): SchemaValidator {
  const store = new SchemaStore({ dir: options.schemasDir });
  return new Libxml2Validator({ store });
}
