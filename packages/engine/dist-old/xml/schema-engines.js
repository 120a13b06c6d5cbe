import { SchemaStore } from './schema-store.js';
import { Libxml2Validator } from './libxml2-validator.js';
import { CompiledValidator } from '../xsd/compiled-validator.js';
export function createSchemaValidator(options) {
    if (options.schemaEngine === 'libxml2')
        return new Libxml2Validator({ store: new SchemaStore({ dir: options.schemasDir }) });
    return new CompiledValidator({ dir: options.schemasDir });
}
//# sourceMappingURL=schema-engines.js.map