/**
 * Compiles xs:complexType definitions: content kind (empty, simple, element-only, mixed), attribute
 * uses (with attribute groups, prohibited uses and wildcards), and the content particle, including
 * extension and restriction of simple and complex content.
 */
import type { ComplexTypeDef, Wildcard } from './compiled-set.js';
import type { Particle } from './content-automaton.js';
import type { SchemaContext, SchemaIndex } from './schema-index.js';
import { type TypeTable } from './simple-type-compiler.js';
import { type XsdNode } from './xsd-tree.js';
export interface ComplexCompilerHost extends TypeTable {
    index: SchemaIndex;
    /** Content particle of an already compiled complex type (for extension), null when empty. */
    particleOf(typeId: number): Particle | null;
    /** Type of an element declaration (local or global). */
    elementType(node: XsdNode, ctx: SchemaContext): number;
    globalElementType(key: string, where: XsdNode): number;
    stringTypeId(): number;
}
export interface CompiledComplex {
    def: ComplexTypeDef;
    particle: Particle | null;
}
export declare function compileComplexType(host: ComplexCompilerHost, node: XsdNode, ctx: SchemaContext, name: string): CompiledComplex;
export declare function wildcardOf(node: XsdNode, ctx: SchemaContext): Wildcard;
//# sourceMappingURL=complex-type-compiler.d.ts.map