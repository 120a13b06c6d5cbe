/**
 * Compiles a whole XSD set (from its main file) into a CompiledSet: every type reachable from the
 * global element declarations gets an id, complex types get their content automaton.
 */
import { ANY_TYPE_ID, COMPILED_FORMAT, type CompiledSet, type ComplexTypeDef, type TypeDef } from './compiled-set.js';
import { BUILTIN_NAMES, builtinSimpleType } from './builtin-types.js';
import { compileComplexType, type ComplexCompilerHost } from './complex-type-compiler.js';
import { buildAutomaton, type Particle } from './content-automaton.js';
import { SchemaIndex, type SchemaContext } from './schema-index.js';
import { compileError, compileSimpleType } from './simple-type-compiler.js';
import { XS_NS, type XsdNode } from './xsd-tree.js';

const ANY_TYPE: ComplexTypeDef = {
  kind: 'complex',
  name: 'xs:anyType',
  content: 'mixed',
  attributes: {},
  anyAttribute: { mode: 'any', namespaces: [], target: '', process: 'lax' },
  automaton: [{ final: true, next: {}, any: [[{ mode: 'any', namespaces: [], target: '', process: 'lax' }, 0]] }],
};

const shortName = (expanded: string): string => expanded.replace(/^\{[^}]*\}/, '');

class SetCompiler implements ComplexCompilerHost {
  readonly types: TypeDef[] = [ANY_TYPE];
  private readonly ids = new Map<string, number>([[`{${XS_NS}}anyType`, ANY_TYPE_ID]]);
  private readonly particles = new Map<number, Particle | null>([[ANY_TYPE_ID, null]]);
  private readonly globalElements = new Map<string, number>();

  constructor(readonly index: SchemaIndex) {}

  add(def: TypeDef): number {
    this.types.push(def);
    return this.types.length - 1;
  }

  stringTypeId(): number {
    return this.typeId(`{${XS_NS}}string`, null);
  }

  typeId(expanded: string, where: XsdNode | null): number {
    const known = this.ids.get(expanded);
    if (known !== undefined) return known;
    if (expanded.startsWith(`{${XS_NS}}`)) {
      const def = builtinSimpleType(shortName(expanded), (local) => this.typeId(`{${XS_NS}}${local}`, where), ANY_TYPE_ID);
      if (!def) throw new Error(`${where ? `${where.file}:${where.line}: ` : ''}unknown built-in type ${expanded}`);
      const id = this.add(def);
      this.ids.set(expanded, id);
      return id;
    }
    const found = this.index.types.get(expanded);
    if (!found) throw new Error(`${where ? `${where.file}:${where.line}: ` : ''}type ${expanded} not found`);
    const id = this.add({ kind: 'simple', name: shortName(expanded), variety: 'atomic', builtin: 'string', whiteSpace: 'preserve' });
    this.ids.set(expanded, id); // reserved before compiling: complex types may refer to themselves
    this.types[id] = this.compileNode(found.node, found.ctx, shortName(expanded), id);
    return id;
  }

  private compileNode(node: XsdNode, ctx: SchemaContext, name: string, id: number): TypeDef {
    if (node.kind === 'simpleType') return compileSimpleType(this, node, ctx, name);
    const { def, particle } = compileComplexType(this, node, ctx, name);
    this.particles.set(id, particle);
    if (def.content === 'elements' || def.content === 'mixed') def.automaton = buildAutomaton(particle);
    return def;
  }

  particleOf(typeId: number): Particle | null {
    return this.particles.get(typeId) ?? null;
  }

  elementType(node: XsdNode, ctx: SchemaContext): number {
    if (node.attrs.type) return this.typeId(node.attrs.type, node);
    const inline = node.children.find((c) => c.kind === 'complexType' || c.kind === 'simpleType');
    if (inline) {
      const id = this.add(ANY_TYPE); // placeholder, replaced below
      this.types[id] = this.compileNode(inline, ctx, node.attrs.name ?? 'anonymous', id);
      return id;
    }
    if (node.attrs.substitutionGroup) return this.globalElementType(node.attrs.substitutionGroup, node);
    return ANY_TYPE_ID;
  }

  globalElementType(key: string, where: XsdNode): number {
    const known = this.globalElements.get(key);
    if (known !== undefined) return known;
    const found = this.index.elements.get(key);
    if (!found) throw compileError(where, `element ${key} not found`);
    const id = this.elementType(found.node, found.ctx);
    this.globalElements.set(key, id);
    return id;
  }

  /** Every named type of the set and every built-in, by expanded name: what an xsi:type may name. */
  compileTypeNames(): Record<string, number> {
    const names: Record<string, number> = {};
    for (const local of ['anyType', ...BUILTIN_NAMES]) names[`{${XS_NS}}${local}`] = this.typeId(`{${XS_NS}}${local}`, null);
    for (const key of this.index.types.keys()) names[key] = this.typeId(key, null);
    return names;
  }

  compileRoots(): Record<string, number> {
    const roots: Record<string, number> = {};
    for (const [key, { node }] of this.index.elements) {
      if (node.attrs.abstract === 'true') continue;
      roots[key] = this.globalElementType(key, node);
    }
    return roots;
  }
}

/** Compiles the XSD set whose main file is given. Throws with file:line on a schema it cannot use. */
export function compileXsdSet(mainFile: string, key: string): CompiledSet {
  const index = SchemaIndex.load(mainFile);
  const compiler = new SetCompiler(index);
  const roots = compiler.compileRoots();
  const typeNames = compiler.compileTypeNames();
  return { format: COMPILED_FORMAT, key, targetNamespace: index.targetNamespace, roots, types: compiler.types, typeNames };
}
