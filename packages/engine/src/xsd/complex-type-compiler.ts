/**
 * Compiles xs:complexType definitions: content kind (empty, simple, element-only, mixed), attribute
 * uses (with attribute groups, prohibited uses and wildcards), and the content particle, including
 * extension and restriction of simple and complex content.
 */
import type { AttributeUse, ComplexTypeDef, SimpleTypeDef, Wildcard } from './compiled-set.js';
import type { Particle } from './content-automaton.js';
import type { SchemaContext, SchemaIndex } from './schema-index.js';
import { compileError, compileSimpleType, restrictSimple, type TypeTable } from './simple-type-compiler.js';
import { expandedName, type XsdNode } from './xsd-tree.js';

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

const PARTICLE_KINDS = new Set(['sequence', 'choice', 'all', 'group']);

export function compileComplexType(host: ComplexCompilerHost, node: XsdNode, ctx: SchemaContext, name: string): CompiledComplex {
  let mixed = node.attrs.mixed === 'true';
  const attributes: Record<string, AttributeUse> = {};
  // A type without simpleContent or complexContent restricts xs:anyType (type 0).
  const def: ComplexTypeDef = { kind: 'complex', name, content: 'empty', attributes, base: 0, method: 'restriction' };
  const simpleContent = node.children.find((c) => c.kind === 'simpleContent');
  const complexContent = node.children.find((c) => c.kind === 'complexContent');

  if (simpleContent) {
    const deriv = derivationOf(simpleContent);
    const baseId = host.typeId(deriv.attrs.base ?? '', deriv);
    const base = host.types[baseId]!;
    def.base = baseId;
    def.method = deriv.kind === 'extension' ? 'extension' : 'restriction';
    let simpleType: number;
    if (base.kind === 'simple') simpleType = baseId;
    else {
      if (base.simpleType === undefined) throw compileError(deriv, `${name}: base ${base.name} has no simple content`);
      simpleType = base.simpleType;
      Object.assign(attributes, base.attributes);
      if (base.anyAttribute) def.anyAttribute = base.anyAttribute;
    }
    if (deriv.kind === 'restriction') {
      const inline = deriv.children.find((c) => c.kind === 'simpleType');
      if (inline) simpleType = host.add(compileSimpleType(host, inline, ctx, 'anonymous'));
      const facets = deriv.children.filter((c) => c.kind !== 'simpleType' && !c.kind.startsWith('attribute') && c.kind !== 'anyAttribute');
      if (facets.length > 0) simpleType = host.add(restrictSimple(host.types[simpleType] as SimpleTypeDef, facets, name));
    }
    def.content = 'simple';
    def.simpleType = simpleType;
    applyAttributes(host, deriv.children, ctx, def);
    return { def, particle: null };
  }

  let particle: Particle | null;
  if (complexContent) {
    const deriv = derivationOf(complexContent);
    if (complexContent.attrs.mixed !== undefined) mixed = complexContent.attrs.mixed === 'true';
    const baseId = host.typeId(deriv.attrs.base ?? '', deriv);
    const base = host.types[baseId]!;
    def.base = baseId;
    def.method = deriv.kind === 'extension' ? 'extension' : 'restriction';
    if (base.kind !== 'complex') throw compileError(deriv, `${name}: complexContent base ${base.name} is a simple type`);
    Object.assign(attributes, base.attributes);
    if (base.anyAttribute) def.anyAttribute = base.anyAttribute;
    const own = particleIn(host, deriv.children, ctx);
    if (deriv.kind === 'extension') {
      const inherited = host.particleOf(baseId);
      mixed ||= base.content === 'mixed';
      particle = inherited && own ? { min: 1, max: 1, term: { kind: 'sequence', items: [inherited, own] } } : inherited ?? own;
    } else particle = own;
    applyAttributes(host, deriv.children, ctx, def);
  } else {
    particle = particleIn(host, node.children, ctx);
    applyAttributes(host, node.children, ctx, def);
  }
  def.content = particle === null ? (mixed ? 'mixed' : 'empty') : mixed ? 'mixed' : 'elements';
  return { def, particle };
}

function derivationOf(content: XsdNode): XsdNode {
  const deriv = content.children.find((c) => c.kind === 'extension' || c.kind === 'restriction');
  if (!deriv) throw compileError(content, `${content.kind} without extension or restriction`);
  return deriv;
}

function particleIn(host: ComplexCompilerHost, children: XsdNode[], ctx: SchemaContext): Particle | null {
  const node = children.find((c) => PARTICLE_KINDS.has(c.kind));
  return node ? particleFrom(host, node, ctx) : null;
}

function occurs(node: XsdNode): { min: number; max: number } {
  const min = node.attrs.minOccurs === undefined ? 1 : Number(node.attrs.minOccurs);
  const maxAttr = node.attrs.maxOccurs;
  const max = maxAttr === undefined ? 1 : maxAttr === 'unbounded' ? Infinity : Number(maxAttr);
  return { min, max };
}

function particleFrom(host: ComplexCompilerHost, node: XsdNode, ctx: SchemaContext): Particle {
  const { min, max } = occurs(node);
  switch (node.kind) {
    case 'element': {
      if (node.attrs.ref) {
        return { min, max, term: { kind: 'element', key: node.attrs.ref, type: host.globalElementType(node.attrs.ref, node) } };
      }
      const name = node.attrs.name;
      if (!name) throw compileError(node, 'element without name or ref');
      const qualified = node.attrs.form ? node.attrs.form === 'qualified' : ctx.elementsQualified;
      const key = qualified ? expandedName(ctx.targetNamespace, name) : name;
      return { min, max, term: { kind: 'element', key, type: host.elementType(node, ctx) } };
    }
    case 'sequence':
    case 'choice':
    case 'all': {
      const items = node.children.filter((c) => PARTICLE_KINDS.has(c.kind) || c.kind === 'element' || c.kind === 'any');
      return { min, max, term: { kind: node.kind, items: items.map((c) => particleFrom(host, c, ctx)) } };
    }
    case 'group': {
      const group = host.index.groups.get(node.attrs.ref ?? '');
      if (!group) throw compileError(node, `group ${node.attrs.ref} not found`);
      const inner = particleIn(host, group.node.children, group.ctx);
      if (!inner) return { min: 0, max: 0, term: { kind: 'sequence', items: [] } };
      return { min, max, term: { kind: 'sequence', items: [inner] } };
    }
    case 'any':
      return { min, max, term: { kind: 'any', wildcard: wildcardOf(node, ctx) } };
    default:
      throw compileError(node, `unexpected ${node.kind} in a content model`);
  }
}

export function wildcardOf(node: XsdNode, ctx: SchemaContext): Wildcard {
  const ns = (node.attrs.namespace ?? '##any').trim();
  const process = (node.attrs.processContents ?? 'strict') as Wildcard['process'];
  if (ns === '##any') return { mode: 'any', namespaces: [], target: ctx.targetNamespace, process };
  if (ns === '##other') return { mode: 'other', namespaces: [], target: ctx.targetNamespace, process };
  const namespaces = ns.split(/\s+/).map((t) => (t === '##targetNamespace' ? ctx.targetNamespace : t === '##local' ? '' : t));
  return { mode: 'list', namespaces, target: ctx.targetNamespace, process };
}

/** Adds attribute declarations, attribute group contents and wildcards to `def`. */
function applyAttributes(host: ComplexCompilerHost, children: XsdNode[], ctx: SchemaContext, def: ComplexTypeDef): void {
  for (const child of children) {
    if (child.kind === 'attribute') {
      const use = child.attrs.use ?? 'optional';
      let key: string;
      let typeNode = child;
      let typeCtx = ctx;
      if (child.attrs.ref) {
        key = child.attrs.ref;
        const global = host.index.attributes.get(key);
        if (!global && !key.startsWith('{http://www.w3.org/XML/1998/namespace}')) throw compileError(child, `attribute ${key} not found`);
        if (global) {
          typeNode = global.node;
          typeCtx = global.ctx;
        }
      } else {
        const qualified = child.attrs.form ? child.attrs.form === 'qualified' : ctx.attributesQualified;
        key = qualified ? expandedName(ctx.targetNamespace, child.attrs.name ?? '') : child.attrs.name ?? '';
      }
      if (use === 'prohibited') {
        delete def.attributes[key];
        continue;
      }
      const attr: AttributeUse = { type: attributeType(host, typeNode, typeCtx), required: use === 'required' };
      const fixed = child.attrs.fixed ?? typeNode.attrs.fixed;
      if (fixed !== undefined) attr.fixed = fixed;
      def.attributes[key] = attr;
    } else if (child.kind === 'attributeGroup') {
      const group = host.index.attributeGroups.get(child.attrs.ref ?? '');
      if (!group) throw compileError(child, `attributeGroup ${child.attrs.ref} not found`);
      applyAttributes(host, group.node.children, group.ctx, def);
    } else if (child.kind === 'anyAttribute') {
      def.anyAttribute = wildcardOf(child, ctx);
    }
  }
}

function attributeType(host: ComplexCompilerHost, node: XsdNode, ctx: SchemaContext): number {
  if (node.attrs.type) return host.typeId(node.attrs.type, node);
  const inline = node.children.find((c) => c.kind === 'simpleType');
  if (inline) return host.add(compileSimpleType(host, inline, ctx, 'anonymous'));
  return host.stringTypeId();
}
