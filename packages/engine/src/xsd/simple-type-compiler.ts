/**
 * Compiles xs:simpleType definitions (restriction with facets, list, union) and the facets of
 * simple-content restrictions into SimpleTypeDefs; patterns are translated to JavaScript here,
 * once, so the cached set needs no XSD regex work at validation time.
 */
import type { SimpleTypeDef, TypeDef } from './compiled-set.js';
import type { SchemaContext } from './schema-index.js';
import { translateXsdPattern } from './xsd-regex.js';
import { XS_NS, type XsdNode } from './xsd-tree.js';

export interface TypeTable {
  types: TypeDef[];
  typeId(expanded: string, where: XsdNode): number;
  /** Stores an anonymous definition and returns its id. */
  add(def: TypeDef): number;
}

export function compileError(node: XsdNode, why: string): Error {
  return new Error(`${node.file}:${node.line}: ${why}`);
}

const FACETS_NUMBER = ['length', 'minLength', 'maxLength', 'totalDigits', 'fractionDigits'] as const;
const FACETS_BOUND = ['minInclusive', 'maxInclusive', 'minExclusive', 'maxExclusive'] as const;

/** Fast path: most values have no whitespace to replace or collapse. */
const NEEDS_WHITESPACE_WORK = /[\t\n\r]|  |^ | $/;

export function normalizeWhiteSpace(value: string, mode: SimpleTypeDef['whiteSpace']): string {
  if (mode === 'preserve' || !NEEDS_WHITESPACE_WORK.test(value)) return value;
  const replaced = value.replace(/[\t\n\r]/g, ' ');
  return mode === 'replace' ? replaced : replaced.replace(/ {2,}/g, ' ').trim();
}

/** Applies the facets among `children` to a copy of `base`. */
export function restrictSimple(base: SimpleTypeDef, children: XsdNode[], name: string): SimpleTypeDef {
  const def: SimpleTypeDef = { ...base, name };
  const enumeration: string[] = [];
  const patterns: string[] = [];
  for (const facet of children) {
    const value = facet.attrs.value;
    if (value === undefined) continue;
    if (facet.kind === 'enumeration') enumeration.push(value);
    else if (facet.kind === 'pattern') {
      try {
        patterns.push(translateXsdPattern(value));
      } catch (err) {
        throw compileError(facet, (err as Error).message);
      }
    } else if (facet.kind === 'whiteSpace') def.whiteSpace = value as SimpleTypeDef['whiteSpace'];
    else if ((FACETS_NUMBER as readonly string[]).includes(facet.kind)) def[facet.kind as (typeof FACETS_NUMBER)[number]] = Number(value);
    else if ((FACETS_BOUND as readonly string[]).includes(facet.kind)) def[facet.kind as (typeof FACETS_BOUND)[number]] = value.trim();
  }
  if (enumeration.length > 0) def.enumeration = enumeration.map((v) => normalizeWhiteSpace(v, def.whiteSpace));
  if (patterns.length > 0) {
    def.patterns = [...(base.patterns ?? []), patterns];
    def.patternText = [...(base.patternText ?? []), ...children.filter((c) => c.kind === 'pattern').map((c) => c.attrs.value ?? '')];
  }
  return def;
}

/** Compiles an xs:simpleType node (named or anonymous). */
export function compileSimpleType(table: TypeTable, node: XsdNode, ctx: SchemaContext, name: string): SimpleTypeDef {
  const body = node.children.find((c) => c.kind === 'restriction' || c.kind === 'list' || c.kind === 'union');
  if (!body) throw compileError(node, 'simpleType without restriction, list or union');
  if (body.kind === 'restriction') {
    const baseId = simpleBase(table, body, ctx);
    const base = table.types[baseId];
    if (!base || base.kind !== 'simple') throw compileError(body, `base of ${name} is not a simple type`);
    return { ...restrictSimple(base, body.children, name), base: baseId, method: 'restriction' };
  }
  const anySimpleType = table.typeId(`{${XS_NS}}anySimpleType`, body);
  if (body.kind === 'list') {
    const itemType = simpleBase(table, body, ctx, 'itemType');
    return { kind: 'simple', name, variety: 'list', builtin: 'list', whiteSpace: 'collapse', itemType, base: anySimpleType, method: 'restriction' };
  }
  const members = (body.attrs.memberTypes ?? '').split(' ').filter(Boolean).map((m) => table.typeId(m, body));
  for (const inline of body.children.filter((c) => c.kind === 'simpleType')) {
    members.push(table.add(compileSimpleType(table, inline, ctx, 'anonymous')));
  }
  if (members.length === 0) throw compileError(body, `union ${name} has no member types`);
  // Whitespace of a union is handled per member; patterns/enumerations of a restricted union see the collapsed text.
  return { kind: 'simple', name, variety: 'union', builtin: 'union', whiteSpace: 'collapse', members, base: anySimpleType, method: 'restriction' };
}

/** The base (or itemType) of a restriction/list: the named type, or an inline xs:simpleType. */
function simpleBase(table: TypeTable, node: XsdNode, ctx: SchemaContext, attr = 'base'): number {
  const named = node.attrs[attr];
  if (named) return table.typeId(named, node);
  const inline = node.children.find((c) => c.kind === 'simpleType');
  if (!inline) throw compileError(node, `${node.kind} has neither ${attr} nor an inline simpleType`);
  return table.add(compileSimpleType(table, inline, ctx, 'anonymous'));
}
