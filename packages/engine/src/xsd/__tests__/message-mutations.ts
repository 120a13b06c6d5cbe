/**
 * Deterministic mutations of valid DDEX messages for the differential test against libxml2:
 * deleted, duplicated, reordered, renamed and inserted elements, bad enumeration values, broken
 * patterns, wrong dates, durations, numbers and booleans, lexical edges of the built-ins, stray
 * text, emptied leaves, whitespace, attributes added, changed and removed, namespace slips, the
 * XSI attributes under other bindings, and xsi:type.
 * Each mutation is one change, chosen by a seeded PRNG, so a failing case can be regenerated.
 */
import { allElements, cloneDom, leafText, type DomElement, type Placed } from './tiny-dom.js';

/** mulberry32: small, fast, good enough to pick mutations. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Mutation {
  kind: string;
  description: string;
  root: DomElement;
  /**
   * A documented difference with native libxml2 this mutation may show (README, "Agreement with
   * libxml2"): 'year-32-bit', a year between 2^31 and 2^63 (invalid here, valid in native xmllint).
   */
  allowed?: 'year-32-bit';
}

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const XS = 'http://www.w3.org/2001/XMLSchema';
/** Lexical edges of the built-ins DDEX uses, valid and not, including native libxml2's limits. */
const EDGES: Record<string, readonly string[]> = {
  duration: ['P768614336404564650Y', 'P768614336404564651Y', 'PT9223372036854775807S', 'PT9223372036854775808S', 'PT99999999999999999999S', 'P99999999999999999999Y', 'P9223372036854775807DT23H59M60S', 'PT9223372036854775807.999999S', '-P0D', 'P0Y', 'PT0S', 'P1DT'],
  year: ['2147483647', '2147483648', '-2147483648', '9223372036854775807', '9223372036854775808', '99999999999999999999999999', '0001', '-0001', '10000'],
  number: ['123456789012345678901234', '1234567890123456789012345', '0.123456789012345678901234', '-0', '+0', '00000000000000000000000000001', '1.', '-.5', '1 2', '\u00a01'],
  boolean: ['true', 'false', ' false', 'false ', 'tRue', '1 ', '01'],
  date: ['2147483647-12-31', '2147483648-01-01', '-2147483648-01-01', '9999-12-31', '0001-01-01', '2000-02-29', '2100-02-29', '2013-12-31T23:59:59.999999999999Z', '2013-12-31T24:00:00Z', '2013-12-31T23:59:60Z'],
};
const BIG_YEAR = /^-?(\d+)(?:-|$)/;

/** True when a value's year is one native xmllint (64-bit) accepts and this engine (32-bit, as xmllint-wasm) does not. */
export function hasYearBeyond32Bits(value: string): boolean {
  const m = BIG_YEAR.exec(value);
  if (!m || m[1]!.length < 10) return false;
  const year = BigInt(m[1]!);
  return year > 2147483647n && year <= 9223372036854775807n;
}

type Rand = () => number;
const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

const DATE = /^-?\d{4}-\d{2}-\d{2}(T[\d:.]+)?(Z|[+-]\d{2}:\d{2})?$/;
const DURATION = /^-?P[\dYMDTHS.]+$/;
const BAD_DATES = ['2013-13-01', '2013-02-30', '2013-7-9', '2013-07-09T24:30:00', '2013-07-09 10:00:00', '20130709', '2013-07-09T10:00', '2013-07-09+15:00', '0000-01-01', '2013-07-09T10:00:00+14:30', ''];
const ODD_GOOD_DATES = ['2012-02-29', '2013-07-09Z', '2013-07-09T10:00:00.1234567+14:00', '2013-07-09T24:00:00', '-2013-07-09', '12013-07-09', '2000-02-29T23:59:59Z'];
const DURATIONS = ['PT', 'P', 'P1H', 'PT1.5M', 'PT-1S', '1H', 'P0D', 'PT0.5S', '-P1D', 'PT1H2M3.25S', 'P1Y2M3DT4H5M6S', 'PT1,5S', 'P1.5D'];
const NUMBERS = ['12.5', '-1', '1e3', '+7', '0x1', '', ' 12 ', '12,5', '007', '.5', '5.', 'NaN', 'INF'];
const BOOLEANS = ['yes', 'True', ' true ', '1', '0', 'FALSE', ''];

function leaves(placed: Placed[], test: (text: string) => boolean): Placed[] {
  return placed.filter((p) => p.parent && (() => {
    const t = leafText(p.el);
    return t !== null && test(t.trim());
  })());
}

function setText(el: DomElement, text: string): void {
  el.children = text === '' ? [] : [text];
}

function elementChildren(el: DomElement): DomElement[] {
  return el.children.filter((c): c is DomElement => typeof c !== 'string');
}

const localOf = (name: string) => name.slice(name.indexOf(':') + 1);

/** Operators: each changes `root` in place and returns a description, or null when it cannot apply. */
const OPERATORS: Record<string, (root: DomElement, rand: Rand) => string | null> = {
  delete(root, rand) {
    const p = pick(rand, allElements(root).filter((x) => x.parent));
    p.parent!.children.splice(p.parent!.children.indexOf(p.el), 1);
    return `deleted ${p.el.name}`;
  },
  duplicate(root, rand) {
    const p = pick(rand, allElements(root).filter((x) => x.parent));
    p.parent!.children.splice(p.parent!.children.indexOf(p.el) + 1, 0, cloneDom(p.el));
    return `duplicated ${p.el.name}`;
  },
  reorder(root, rand) {
    const candidates = allElements(root).filter((x) => {
      if (!x.parent) return false;
      const sibs = elementChildren(x.parent);
      const next = sibs[sibs.indexOf(x.el) + 1];
      return next !== undefined && next.name !== x.el.name;
    });
    if (!candidates.length) return null;
    const p = pick(rand, candidates);
    const sibs = elementChildren(p.parent!);
    const next = sibs[sibs.indexOf(p.el) + 1]!;
    const kids = p.parent!.children;
    const i = kids.indexOf(p.el);
    const j = kids.indexOf(next);
    kids[i] = next;
    kids[j] = p.el;
    return `swapped ${p.el.name} and ${next.name}`;
  },
  rename(root, rand) {
    const all = allElements(root);
    const p = pick(rand, all.filter((x) => x.parent));
    const old = p.el.name;
    const choice = rand();
    if (choice < 0.5) p.el.name = pick(rand, all).el.name.replace(/^.*:/, '');
    else if (choice < 0.75) p.el.name = `${old}s`;
    else p.el.name = old[0]!.toLowerCase() + old.slice(1);
    if (p.el.name === old) return null;
    return `renamed ${old} to ${p.el.name}`;
  },
  enumeration(root, rand) {
    const c = leaves(allElements(root), (t) => /^[A-Z][A-Za-z]{2,}$/.test(t));
    if (!c.length) return null;
    const p = pick(rand, c);
    const t = leafText(p.el)!.trim();
    const bad = pick(rand, [t.toLowerCase(), `${t}X`, ` ${t}`, `${t} `, t.toUpperCase(), 'UserDefined', `${t}\n`]);
    setText(p.el, bad);
    return `${p.el.name} '${t}' -> '${bad}'`;
  },
  pattern(root, rand) {
    const c = leaves(allElements(root), (t) => /^[A-Z][A-Za-z0-9_-]*\d$/.test(t) && t.length < 20);
    if (!c.length) return null;
    const p = pick(rand, c);
    const t = leafText(p.el)!.trim();
    const bad = pick(rand, [`1${t}`, `${t} x`, t.toLowerCase(), `${t}!`, ` ${t}`, t.slice(0, 1), `${t}é`]);
    setText(p.el, bad);
    return `${p.el.name} '${t}' -> '${bad}'`;
  },
  date(root, rand) {
    const c = leaves(allElements(root), (t) => DATE.test(t) || /^\d{4}$/.test(t));
    if (!c.length) return null;
    const p = pick(rand, c);
    const t = leafText(p.el)!.trim();
    const bad = /^\d{4}$/.test(t) ? pick(rand, ['13', '0000', '2013a', '-2013', '02013', '2013Z', '2013-07']) : pick(rand, rand() < 0.7 ? BAD_DATES : ODD_GOOD_DATES);
    setText(p.el, bad);
    return `${p.el.name} '${t}' -> '${bad}'`;
  },
  duration(root, rand) {
    const c = leaves(allElements(root), (t) => DURATION.test(t));
    if (!c.length) return null;
    const p = pick(rand, c);
    const bad = pick(rand, DURATIONS);
    setText(p.el, bad);
    return `${p.el.name} -> '${bad}'`;
  },
  number(root, rand) {
    const c = leaves(allElements(root), (t) => /^\d+(\.\d+)?$/.test(t) && t.length < 10);
    if (!c.length) return null;
    const p = pick(rand, c);
    const bad = pick(rand, NUMBERS);
    setText(p.el, bad);
    return `${p.el.name} -> '${bad}'`;
  },
  boolean(root, rand) {
    const c = leaves(allElements(root), (t) => t === 'true' || t === 'false');
    if (!c.length) return null;
    const p = pick(rand, c);
    const bad = pick(rand, BOOLEANS);
    setText(p.el, bad);
    return `${p.el.name} -> '${bad}'`;
  },
  strayText(root, rand) {
    const c = allElements(root).filter((x) => elementChildren(x.el).length > 0);
    const p = pick(rand, c);
    const at = Math.floor(rand() * (p.el.children.length + 1));
    p.el.children.splice(at, 0, pick(rand, ['stray', ' x ', '\u00a0', '&']));
    return `stray text in ${p.el.name}`;
  },
  emptyLeaf(root, rand) {
    const c = leaves(allElements(root), (t) => t.length > 0);
    if (!c.length) return null;
    const p = pick(rand, c);
    setText(p.el, rand() < 0.5 ? '' : '   ');
    return `emptied ${p.el.name}`;
  },
  whitespace(root, rand) {
    const c = leaves(allElements(root), (t) => t.length > 0);
    if (!c.length) return null;
    const p = pick(rand, c);
    const t = leafText(p.el)!;
    setText(p.el, pick(rand, [` ${t}`, `${t}\n`, `\n  ${t}\n  `, t.replace(/ /g, '  ')]));
    return `whitespace around ${p.el.name}`;
  },
  insert(root, rand) {
    // An element from elsewhere in the message, put among another element's children.
    const all = allElements(root);
    const into = pick(rand, all.filter((x) => elementChildren(x.el).length > 0));
    const what = pick(rand, all.filter((x) => x.parent && x.el !== into.el));
    const kids = elementChildren(into.el);
    const before = kids[Math.floor(rand() * (kids.length + 1))];
    const at = before ? into.el.children.indexOf(before) : into.el.children.length;
    into.el.children.splice(at, 0, cloneDom(what.el));
    return `inserted ${what.el.name} into ${into.el.name}`;
  },
  builtinEdge(root, rand) {
    const c = leaves(allElements(root), (t) => DATE.test(t) || DURATION.test(t) || /^\d{4}$/.test(t) || /^-?\d+(\.\d+)?$/.test(t) || t === 'true' || t === 'false');
    if (!c.length) return null;
    const p = pick(rand, c);
    const t = leafText(p.el)!.trim();
    const family = DURATION.test(t) ? 'duration' : DATE.test(t) ? 'date' : /^\d{4}$/.test(t) ? 'year' : t === 'true' || t === 'false' ? 'boolean' : 'number';
    const edge = pick(rand, EDGES[family]!);
    setText(p.el, edge);
    return `${p.el.name} '${t}' -> '${edge}'`;
  },
  xsiNamespace(root, rand) {
    // The XSI attributes under another binding: xsi bound elsewhere (ordinary attributes), or another prefix bound to XSI.
    const target = rand() < 0.5 ? root : pick(rand, allElements(root).filter((x) => x.parent)).el;
    const xsiPrefixes = target.attrs.filter(([k, v]) => k.startsWith('xmlns:') && v === XSI).map(([k]) => k.slice(6));
    target.attrs = target.attrs.filter(([k]) => !xsiPrefixes.some((p) => k === `xmlns:${p}` || k.startsWith(`${p}:`)));
    const [prefix, ns] = pick(rand, [['xsi', `${XSI}-x`], ['xsi', 'urn:other'], ['i', XSI], ['xsi', XSI]] as const);
    const [local, value] = pick(rand, [['schemaLocation', 'http://ddex.net/xml/ern/43 release-notification.xsd'], ['noNamespaceSchemaLocation', 'a.xsd'], ['type', 'Bogus'], ['nil', 'false']] as const);
    target.attrs.push([`xmlns:${prefix}`, ns], [`${prefix}:${local}`, value]);
    return `${target.name}: ${prefix}:${local} with ${prefix} bound to ${ns}`;
  },
  xsiType(root, rand) {
    const p = pick(rand, allElements(root).filter((x) => x.parent && !x.el.attrs.some(([k]) => k.startsWith('xmlns'))));
    const type = pick(rand, ['xs:string', 'xs:token', 'xs:normalizedString', 'xs:int', 'xs:decimal', 'xs:anyType', 'xs:anySimpleType', 'xs:ID', 'Bogus', 'xs:', ' xs:string', 'q:string', 'xs:date', 'xs:boolean']);
    p.el.attrs.push(['xmlns:xsi', XSI], ['xmlns:xs', XS], ['xsi:type', type]);
    return `${p.el.name} xsi:type '${type}'`;
  },
  attributeRemove(root, rand) {
    const withAttrs = allElements(root).filter((x) => x.el.attrs.some(([k]) => !k.startsWith('xmlns')));
    if (!withAttrs.length) return null;
    const p = pick(rand, withAttrs);
    const [k] = pick(rand, p.el.attrs.filter(([x]) => !x.startsWith('xmlns')));
    p.el.attrs = p.el.attrs.filter(([x]) => x !== k);
    return `removed @${k} from ${p.el.name}`;
  },
  attribute(root, rand) {
    const all = allElements(root);
    const withAttrs = all.filter((x) => x.el.attrs.some(([k]) => !k.startsWith('xmlns')));
    const choice = rand();
    if (choice < 0.5 && withAttrs.length) {
      const p = pick(rand, withAttrs);
      const own = p.el.attrs.filter(([k]) => !k.startsWith('xmlns'));
      const a = pick(rand, own);
      const old = a[1];
      a[1] = pick(rand, [`${old}!`, old.toLowerCase(), '', ` ${old}`, 'x y', 'maybe']);
      return `@${a[0]} of ${p.el.name} '${old}' -> '${a[1]}'`;
    }
    const p = pick(rand, all);
    const [k, v] = pick(rand, [['Foo', 'x'], ['xml:lang', 'en'], ['IsDefault', 'true'], ['LanguageAndScriptCode', 'en'], ['Namespace', 'DPID:1'], ['SequenceNumber', '1']] as const);
    if (p.el.attrs.some(([x]) => x === k)) return null;
    p.el.attrs.push([k, v]);
    return `added @${k} to ${p.el.name}`;
  },
  namespace(root, rand) {
    const prefix = root.name.includes(':') ? root.name.split(':')[0]! : null;
    const p = pick(rand, allElements(root).filter((x) => x.parent));
    if (prefix) p.el.name = `${prefix}:${localOf(p.el.name)}`;
    else p.el.attrs.push(['xmlns', 'http://example.com/other']);
    return `${p.el.name} moved into a namespace`;
  },
};

export const MUTATION_KINDS = Object.keys(OPERATORS);

/** The `n`-th mutation of a message; the same (base, seed) always gives the same result. */
export function mutate(base: DomElement, seed: number): Mutation | null {
  const rand = prng(seed);
  for (let attempt = 0; attempt < 8; attempt++) {
    const kind = pick(rand, MUTATION_KINDS);
    const root = cloneDom(base);
    const description = OPERATORS[kind]!(root, rand);
    if (!description) continue;
    const value = /-> '([^']*)'$/.exec(description)?.[1];
    return value !== undefined && hasYearBeyond32Bits(value) ? { kind, description, root, allowed: 'year-32-bit' } : { kind, description, root };
  }
  return null;
}
