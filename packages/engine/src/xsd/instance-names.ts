/**
 * Namespaces as the validator needs them beyond element names: the prefixes in scope (from the
 * `xmlns` attributes the pass hands over), an attribute's namespace by its prefix's binding (never
 * by the prefix itself: `xsi:type` with `xsi` bound elsewhere is an ordinary attribute, `foo:type`
 * with `foo` bound to the XSI namespace is the type attribute), and xsi:type: its QName resolved in
 * scope and the named type checked to derive from the declared one (XSD 1.0 §3.3.4 cvc-elt.4,
 * §3.4.6 and §3.14.6; no DDEX set declares `block`, so nothing is blocked beyond derivation).
 */
import { builtinAccepts } from './builtin-types.js';
import { ANY_TYPE_ID, type CompiledSet, type TypeDef } from './compiled-set.js';
import { expandedName } from './xsd-tree.js';

export const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
export const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/** Prefix ('' for the default namespace) -> namespace URI; shared by elements until one declares. */
export type Scope = ReadonlyMap<string, string>;

export const ROOT_SCOPE: Scope = new Map([['xml', XML_NS]]);

/** True when an element has a namespace declaration or a prefixed attribute (rare: the slow path). */
export function hasQualifiedNames(attrs: Record<string, string>): boolean {
  for (const name in attrs) if (name.indexOf(':') >= 0 || name === 'xmlns') return true;
  return false;
}

/** True for `xmlns` and `xmlns:p`, which declare and are not attributes to validate. */
export function isDeclaration(name: string): boolean {
  return name === 'xmlns' || name.startsWith('xmlns:');
}

/** The scope inside an element: its parent's, with the element's own declarations on top. */
export function declare(scope: Scope, attrs: Record<string, string>): Scope {
  let own: Map<string, string> | null = null;
  for (const name in attrs) {
    if (!isDeclaration(name)) continue;
    own ??= new Map(scope);
    own.set(name === 'xmlns' ? '' : name.slice(6), attrs[name]!);
  }
  return own ?? scope;
}

/** The namespace of a prefixed attribute name (`p:local`); the parser refused unbound prefixes already. */
export function attributeNamespace(name: string, colon: number, scope: Scope): string {
  return scope.get(name.slice(0, colon)) ?? '';
}

/** xsi:type resolved: the type to validate the element against, or why the attribute is wrong. */
export type InstanceType = { typeId: number } | { error: string };

/**
 * The type an `xsi:type` value names, if the element may take it. libxml2 collapses the value for
 * the QName check but resolves it as written, so blanks around it fail; the same here.
 */
export function instanceType(set: CompiledSet, scope: Scope, value: string, declared: number): InstanceType {
  if (!builtinAccepts('QName', value.replace(/[ \t\n\r]+/g, ' ').trim())) return { error: `'${value}' is not a valid QName` };
  const colon = value.indexOf(':');
  const prefix = colon < 0 ? '' : value.slice(0, colon);
  const ns = colon < 0 ? (scope.get('') ?? '') : scope.get(prefix);
  if (ns === undefined) return { error: `the prefix of '${value}' is not bound to a namespace here` };
  const typeId = set.typeNames[expandedName(ns, value.slice(colon + 1))];
  if (typeId === undefined) return { error: `'${value}' does not name a type of the schema` };
  if (!derivesFrom(set.types, typeId, declared)) {
    return { error: `type ${set.types[typeId]!.name} is not derived from ${set.types[declared]!.name}, the declared type` };
  }
  return { typeId };
}

/** Type Derivation OK: `d` is `b`, or `b` is on `d`'s chain of bases, or `b` is a union with a member `d` derives from. */
export function derivesFrom(types: readonly TypeDef[], d: number, b: number): boolean {
  if (d === b || b === ANY_TYPE_ID) return true;
  for (let t = types[d]!.base; t !== undefined; t = types[t]!.base) if (t === b) return true;
  const target = types[b]!;
  if (target.kind === 'simple' && target.variety === 'union' && types[d]!.kind === 'simple') {
    return (target.members ?? []).some((m) => derivesFrom(types, d, m));
  }
  return false;
}
