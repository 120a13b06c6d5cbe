/**
 * Compiles xs:simpleType definitions (restriction with facets, list, union) and the facets of
 * simple-content restrictions into SimpleTypeDefs; patterns are translated to JavaScript here,
 * once, so the cached set needs no XSD regex work at validation time.
 */
import type { SimpleTypeDef, TypeDef } from './compiled-set.js';
import type { SchemaContext } from './schema-index.js';
import type { XsdNode } from './xsd-tree.js';
export interface TypeTable {
    types: TypeDef[];
    typeId(expanded: string, where: XsdNode): number;
    /** Stores an anonymous definition and returns its id. */
    add(def: TypeDef): number;
}
export declare function compileError(node: XsdNode, why: string): Error;
export declare function normalizeWhiteSpace(value: string, mode: SimpleTypeDef['whiteSpace']): string;
/** Applies the facets among `children` to a copy of `base`. */
export declare function restrictSimple(base: SimpleTypeDef, children: XsdNode[], name: string): SimpleTypeDef;
/** Compiles an xs:simpleType node (named or anonymous). */
export declare function compileSimpleType(table: TypeTable, node: XsdNode, ctx: SchemaContext, name: string): SimpleTypeDef;
//# sourceMappingURL=simple-type-compiler.d.ts.map