/**
 * The compiled form of one XSD set: plain JSON (cached on disk), indexed by number. Content models
 * are deterministic automata; simple types are facet lists checked by `simple-check.ts`.
 */

/** Bumped whenever the shape or the compiler's meaning changes, so stale disk caches are ignored. */
export const COMPILED_FORMAT = 5;

export type WhiteSpace = 'preserve' | 'replace' | 'collapse';

/** How a type was derived from its base (`base`): what xsi:type's derivation check walks (README). */
export interface Derivation {
  /** Base type id; absent only for xs:anyType. List and union types have xs:anySimpleType. */
  base?: number;
  method?: 'extension' | 'restriction';
}

export interface SimpleTypeDef extends Derivation {
  kind: 'simple';
  /** For messages: `avs:ReleaseType_ERN4`-like (prefix-free local name), `xs:string`, or `anonymous`. */
  name: string;
  variety: 'atomic' | 'list' | 'union';
  /** Built-in primitive or derived type that gives the lexical space (`string`, `decimal`, `ID`...). */
  builtin: string;
  whiteSpace: WhiteSpace;
  /** Allowed values (after whitespace processing); absent when unrestricted. */
  enumeration?: string[];
  /** Each entry is one derivation step's patterns (any may match); every step must match. */
  patterns?: string[][];
  /** The same patterns as written in the XSD, for messages. */
  patternText?: string[];
  length?: number;
  minLength?: number;
  maxLength?: number;
  minInclusive?: string;
  maxInclusive?: string;
  minExclusive?: string;
  maxExclusive?: string;
  totalDigits?: number;
  fractionDigits?: number;
  /** Union members (type ids), tried in order. */
  members?: number[];
  /** List item type id. */
  itemType?: number;
}

export interface Wildcard {
  /** `##any`, `##other` (with the schema's target namespace in `target`), or a list of namespaces ('' = no namespace). */
  mode: 'any' | 'other' | 'list';
  namespaces: string[];
  target: string;
  process: 'strict' | 'lax' | 'skip';
}

export interface AttributeUse {
  type: number;
  required: boolean;
  fixed?: string;
}

/** One state of a content automaton: transitions by element key (`Name` or `{ns}Name`). */
export interface AutomatonState {
  final: boolean;
  /** key -> [next state, type id of the element declaration]. */
  next: Record<string, [number, number]>;
  /** Wildcard transitions, tried after named ones: [wildcard, next state]. */
  any?: [Wildcard, number][];
}

export interface ComplexTypeDef extends Derivation {
  kind: 'complex';
  name: string;
  content: 'empty' | 'simple' | 'elements' | 'mixed';
  /** Simple type of the text, for simple content. */
  simpleType?: number;
  attributes: Record<string, AttributeUse>;
  anyAttribute?: Wildcard;
  /** Content automaton, state 0 is the start (element-only and mixed content). */
  automaton?: AutomatonState[];
}

export type TypeDef = SimpleTypeDef | ComplexTypeDef;

export interface CompiledSet {
  format: number;
  key: string;
  targetNamespace: string;
  /** Global element declarations: `{ns}Name` -> type id. */
  roots: Record<string, number>;
  types: TypeDef[];
  /** Every named type of the set and every XSD built-in: `{ns}Name` -> type id, for xsi:type. */
  typeNames: Record<string, number>;
}

/** Type id 0 is always xs:anyType (any attributes, any content, processed laxly). */
export const ANY_TYPE_ID = 0;
