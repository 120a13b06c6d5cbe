/**
 * Loads an XSD set from its main file (following xs:import and xs:include, locally only) and
 * indexes its global components by expanded name, each with the schema document's context.
 */
import { XsdFileReader } from './schema-files.js';
import { type XsdNode } from './xsd-tree.js';
export interface SchemaContext {
    targetNamespace: string;
    elementsQualified: boolean;
    attributesQualified: boolean;
    file: string;
}
export interface Located {
    node: XsdNode;
    ctx: SchemaContext;
}
export declare class SchemaIndex {
    readonly types: Map<string, Located>;
    readonly elements: Map<string, Located>;
    readonly groups: Map<string, Located>;
    readonly attributeGroups: Map<string, Located>;
    readonly attributes: Map<string, Located>;
    /** Target namespace of the main file. */
    targetNamespace: string;
    readonly reader: XsdFileReader;
    static load(mainFile: string): SchemaIndex;
    private loadFile;
    /** xs:redefine replaces the included components (self-references to the old one are not supported). */
    private indexRedefinitions;
}
//# sourceMappingURL=schema-index.d.ts.map