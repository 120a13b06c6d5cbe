/**
 * What the streaming session needs of each type, gathered once per compiled set and type id:
 * content kind, transitions as Maps, required attributes, the value check and the identity role.
 * One array lookup per element instead of several map lookups keeps validation cheap.
 */
import type { AttributeUse, AutomatonState, CompiledSet, TypeDef, Wildcard } from './compiled-set.js';
import type { SimpleChecker, ValueCheck } from './simple-check.js';

export enum Content {
  /** Simple type or simple content: the text is checked at close. */
  Text,
  Elements,
  Mixed,
  Empty,
}

export interface PreparedType {
  def: TypeDef;
  content: Content;
  states: AutomatonState[] | null;
  /** Named transitions per automaton state. */
  next: Map<string, [number, number]>[] | null;
  /**
   * The child last met in each state and its transition: documents repeat their sequences, so a
   * compare usually replaces the map's lookup (names come interned: the compare is of references).
   */
  lastKey: (string | undefined)[] | null;
  lastStep: ([number, number] | undefined)[] | null;
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

const bySet = new WeakMap<CompiledSet, (PreparedType | undefined)[]>();

export class PreparedTypes {
  private readonly table: (PreparedType | undefined)[];

  constructor(private readonly set: CompiledSet, private readonly checker: SimpleChecker) {
    let table = bySet.get(set);
    if (!table) {
      table = [];
      bySet.set(set, table);
    }
    this.table = table;
  }

  get(typeId: number): PreparedType {
    return this.table[typeId] ?? this.prepare(typeId);
  }

  private prepare(typeId: number): PreparedType {
    const def = this.set.types[typeId]!;
    let prepared: PreparedType;
    if (def.kind === 'simple') {
      prepared = base(def, Content.Text);
      prepared.check = this.checker.check(typeId);
      prepared.builtin = this.checker.builtinOf(typeId);
    } else {
      const content = def.content === 'simple' ? Content.Text : def.content === 'elements' ? Content.Elements : def.content === 'mixed' ? Content.Mixed : Content.Empty;
      prepared = base(def, content);
      prepared.attributes = def.attributes;
      prepared.anyAttribute = def.anyAttribute ?? null;
      prepared.required = Object.entries(def.attributes).filter(([, u]) => u.required).map(([k]) => k);
      if (def.automaton) {
        prepared.states = def.automaton;
        prepared.next = def.automaton.map((state) => new Map(Object.entries(state.next)));
        prepared.lastKey = new Array<string | undefined>(def.automaton.length).fill(undefined);
        prepared.lastStep = new Array<[number, number] | undefined>(def.automaton.length).fill(undefined);
      }
      if (content === Content.Text && def.simpleType !== undefined) {
        prepared.check = this.checker.check(def.simpleType);
        prepared.builtin = this.checker.builtinOf(def.simpleType);
      }
    }
    this.table[typeId] = prepared;
    return prepared;
  }
}

function base(def: TypeDef, content: Content): PreparedType {
  return { def, content, states: null, next: null, lastKey: null, lastStep: null, attributes: null, anyAttribute: null, required: [], check: null, builtin: '', declarations: null };
}

/** Any declaration of `key` in the type's content model (after an error the state is unknown). */
export function anyDeclaration(type: PreparedType, key: string): number | null {
  if (!type.declarations) {
    type.declarations = new Map();
    for (const state of type.states ?? []) for (const [k, [, t]] of Object.entries(state.next)) type.declarations.set(k, t);
  }
  return type.declarations.get(key) ?? null;
}
