/**
 * What the streaming session needs of each type, gathered once per compiled set and type id:
 * content kind, transitions as Maps, required attributes, the value check and the identity role.
 * One array lookup per element instead of several map lookups keeps validation cheap.
 */
import type { AttributeUse, AutomatonState, CompiledSet, TypeDef, Wildcard } from './compiled-set.js';
import type { SimpleChecker, ValueCheck } from './simple-check.js';
export declare enum Content {
    /** Simple type or simple content: the text is checked at close. */
    Text = 0,
    Elements = 1,
    Mixed = 2,
    Empty = 3
}
export interface PreparedType {
    def: TypeDef;
    content: Content;
    states: AutomatonState[] | null;
    /** Named transitions per automaton state. */
    next: Map<string, [number, number]>[] | null;
    attributes: Record<string, AttributeUse> | null;
    anyAttribute: Wildcard | null;
    required: string[];
    /** Value check of the text (Content.Text only). */
    check: ValueCheck | null;
    /** Built-in behind the text's type, for ID/IDREF tracking ('' when not text). */
    builtin: string;
    /** Any declaration by element key, for validating children after an error (built on demand). */
    declarations: Map<string, number> | null;
}
export declare class PreparedTypes {
    private readonly set;
    private readonly checker;
    private readonly table;
    constructor(set: CompiledSet, checker: SimpleChecker);
    get(typeId: number): PreparedType;
    private prepare;
}
/** Any declaration of `key` in the type's content model (after an error the state is unknown). */
export declare function anyDeclaration(type: PreparedType, key: string): number | null;
//# sourceMappingURL=prepared-types.d.ts.map