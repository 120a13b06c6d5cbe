/**
 * Loads an XSD set from its main file (following xs:import and xs:include, locally only) and
 * indexes its global components by expanded name, each with the schema document's context.
 */
import { resolveSchemaLocation, XsdFileReader } from './schema-files.js';
import { expandedName, parseXsd } from './xsd-tree.js';
export class SchemaIndex {
    types = new Map();
    elements = new Map();
    groups = new Map();
    attributeGroups = new Map();
    attributes = new Map();
    /** Target namespace of the main file. */
    targetNamespace = '';
    reader = new XsdFileReader();
    static load(mainFile) {
        const index = new SchemaIndex();
        index.loadFile(mainFile, null, true);
        return index;
    }
    loadFile(file, chameleonNs, isMain) {
        const text = this.reader.read(file);
        if (text === null)
            return;
        const schema = parseXsd(text, file);
        const ctx = {
            targetNamespace: schema.attrs.targetNamespace ?? chameleonNs ?? '',
            elementsQualified: schema.attrs.elementFormDefault === 'qualified',
            attributesQualified: schema.attrs.attributeFormDefault === 'qualified',
            file,
        };
        if (isMain)
            this.targetNamespace = ctx.targetNamespace;
        for (const child of schema.children) {
            const name = child.attrs.name;
            const key = name === undefined ? '' : expandedName(ctx.targetNamespace, name);
            switch (child.kind) {
                case 'import':
                case 'include':
                case 'redefine': {
                    const location = child.attrs.schemaLocation;
                    if (!location)
                        break; // an import without location relies on components found elsewhere
                    const target = resolveSchemaLocation(file, location);
                    if (!target)
                        throw new Error(`${file}:${child.line}: schema ${location} not found locally (remote schemas are never fetched)`);
                    this.loadFile(target, child.kind === 'import' ? null : ctx.targetNamespace, false);
                    if (child.kind === 'redefine')
                        this.indexRedefinitions(child, ctx);
                    break;
                }
                case 'simpleType':
                case 'complexType':
                    this.types.set(key, { node: child, ctx });
                    break;
                case 'element':
                    this.elements.set(key, { node: child, ctx });
                    break;
                case 'group':
                    this.groups.set(key, { node: child, ctx });
                    break;
                case 'attributeGroup':
                    this.attributeGroups.set(key, { node: child, ctx });
                    break;
                case 'attribute':
                    this.attributes.set(key, { node: child, ctx });
                    break;
                default:
                    break; // notation, annotation
            }
        }
    }
    /** xs:redefine replaces the included components (self-references to the old one are not supported). */
    indexRedefinitions(redefine, ctx) {
        for (const child of redefine.children) {
            const key = expandedName(ctx.targetNamespace, child.attrs.name ?? '');
            if (child.kind === 'simpleType' || child.kind === 'complexType')
                this.types.set(key, { node: child, ctx });
            else if (child.kind === 'group')
                this.groups.set(key, { node: child, ctx });
            else if (child.kind === 'attributeGroup')
                this.attributeGroups.set(key, { node: child, ctx });
        }
    }
}
//# sourceMappingURL=schema-index.js.map