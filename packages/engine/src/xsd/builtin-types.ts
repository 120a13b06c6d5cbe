/**
 * The XSD built-in simple types: how each one handles whitespace, which primitive gives its lexical
 * space, and the lexical checks themselves (dates, durations, numbers, names...), written to accept
 * what libxml2 accepts on the DDEX schemas.
 */
import type { SimpleTypeDef, WhiteSpace } from './compiled-set.js';

interface BuiltinSpec {
  builtin: string;
  whiteSpace: WhiteSpace;
  minInclusive?: string;
  maxInclusive?: string;
  list?: string;
}

const INTEGER_RANGES: Record<string, [string | undefined, string | undefined]> = {
  integer: [undefined, undefined],
  nonPositiveInteger: [undefined, '0'],
  negativeInteger: [undefined, '-1'],
  nonNegativeInteger: ['0', undefined],
  positiveInteger: ['1', undefined],
  long: ['-9223372036854775808', '9223372036854775807'],
  int: ['-2147483648', '2147483647'],
  short: ['-32768', '32767'],
  byte: ['-128', '127'],
  unsignedLong: ['0', '18446744073709551615'],
  unsignedInt: ['0', '4294967295'],
  unsignedShort: ['0', '65535'],
  unsignedByte: ['0', '255'],
};

const COLLAPSED = [
  'boolean', 'decimal', 'float', 'double', 'duration', 'dateTime', 'date', 'time', 'gYear', 'gYearMonth',
  'gMonth', 'gMonthDay', 'gDay', 'hexBinary', 'base64Binary', 'anyURI', 'QName', 'NOTATION', 'token',
  'language', 'Name', 'NCName', 'NMTOKEN', 'ID', 'IDREF', 'ENTITY',
];

function specOf(local: string): BuiltinSpec | null {
  if (local === 'string' || local === 'anySimpleType') return { builtin: 'string', whiteSpace: 'preserve' };
  if (local === 'normalizedString') return { builtin: 'string', whiteSpace: 'replace' };
  if (local in INTEGER_RANGES) {
    const [min, max] = INTEGER_RANGES[local]!;
    return { builtin: 'integer', whiteSpace: 'collapse', minInclusive: min, maxInclusive: max };
  }
  if (local === 'IDREFS' || local === 'NMTOKENS' || local === 'ENTITIES') {
    return { builtin: local, whiteSpace: 'collapse', list: local === 'ENTITIES' ? 'ENTITY' : local.slice(0, -1) };
  }
  if (COLLAPSED.includes(local)) return { builtin: local, whiteSpace: 'collapse' };
  return null;
}

/**
 * Each built-in's base type (XSD 1.0 Part 2, §3.2-3.3), for xsi:type's derivation check; the
 * primitives and the list types derive from anySimpleType, which derives from anyType.
 */
const BUILTIN_BASE: Record<string, string> = {
  normalizedString: 'string', token: 'normalizedString', language: 'token', Name: 'token', NCName: 'Name', ID: 'NCName',
  IDREF: 'NCName', ENTITY: 'NCName', NMTOKEN: 'token', integer: 'decimal', nonPositiveInteger: 'integer',
  negativeInteger: 'nonPositiveInteger', long: 'integer', int: 'long', short: 'int', byte: 'short', nonNegativeInteger: 'integer',
  unsignedLong: 'nonNegativeInteger', unsignedInt: 'unsignedLong', unsignedShort: 'unsignedInt', unsignedByte: 'unsignedShort',
  positiveInteger: 'nonNegativeInteger',
};

/** Every built-in simple type's local name (xs:anyType, the one complex built-in, is the set's type 0). */
export const BUILTIN_NAMES: readonly string[] = [
  'anySimpleType', 'string', 'normalizedString', ...Object.keys(INTEGER_RANGES), 'IDREFS', 'NMTOKENS', 'ENTITIES', ...COLLAPSED,
];

/**
 * The definition of a built-in type by local name, or null when XSD has no such built-in. `idOf`
 * gives another built-in's id (its base, its item type); `anyTypeId` is xs:anyType's.
 */
export function builtinSimpleType(local: string, idOf: (local: string) => number, anyTypeId = 0): SimpleTypeDef | null {
  const spec = specOf(local);
  if (!spec) return null;
  const def: SimpleTypeDef = { kind: 'simple', name: `xs:${local}`, variety: 'atomic', builtin: spec.builtin, whiteSpace: spec.whiteSpace };
  def.base = local === 'anySimpleType' ? anyTypeId : idOf(BUILTIN_BASE[local] ?? 'anySimpleType');
  def.method = 'restriction';
  if (spec.minInclusive !== undefined) def.minInclusive = spec.minInclusive;
  if (spec.maxInclusive !== undefined) def.maxInclusive = spec.maxInclusive;
  if (spec.list) {
    def.variety = 'list';
    def.itemType = idOf(spec.list);
    def.minLength = 1;
  }
  return def;
}

const NCNAME_START = 'A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
const NCNAME_CHAR = `${NCNAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040`;
const NCNAME = `[${NCNAME_START}][${NCNAME_CHAR}]*`;

const TZ = '(Z|[+-](?:(?:0\\d|1[0-3]):[0-5]\\d|14:00))?';
const YEAR = '-?(?:[1-9]\\d{4,}|\\d{4})';
const TIME = '(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?|24:00:00(?:\\.0+)?';

const LEXICAL: Record<string, RegExp> = {
  boolean: /^(?:true|false|1|0)$/,
  decimal: /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/,
  integer: /^[+-]?\d+$/,
  float: /^(?:[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|-?INF|NaN)$/,
  double: /^(?:[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|-?INF|NaN)$/,
  duration: /^-?P(?=\d|T[\d.])(?:\d+Y)?(?:\d+M)?(?:\d+D)?(?:T(?=[\d.])(?:\d+H)?(?:\d+M)?(?:(?:\d+(?:\.\d*)?|\.\d+)S)?)?$/,
  dateTime: new RegExp(`^(${YEAR})-(\\d\\d)-(\\d\\d)T(?:${TIME})${TZ}$`),
  date: new RegExp(`^(${YEAR})-(\\d\\d)-(\\d\\d)${TZ}$`),
  time: new RegExp(`^(?:${TIME})${TZ}$`),
  gYear: new RegExp(`^(${YEAR})${TZ}$`),
  gYearMonth: new RegExp(`^(${YEAR})-(\\d\\d)${TZ}$`),
  gMonth: new RegExp(`^--(\\d\\d)${TZ}$`),
  gMonthDay: new RegExp(`^--(\\d\\d)-(\\d\\d)${TZ}$`),
  gDay: new RegExp(`^---(\\d\\d)${TZ}$`),
  hexBinary: /^(?:[0-9a-fA-F]{2})*$/,
  base64Binary: /^(?:(?:[A-Za-z0-9+/] ?){4})*(?:(?:[A-Za-z0-9+/] ?){2}[AEIMQUYcgkosw048] ?=|[A-Za-z0-9+/] ?[AQgw] ?= ?=)?$/,
  language: /^[a-zA-Z]{1,8}(?:-[a-zA-Z0-9]{1,8})*$/,
  NCName: new RegExp(`^${NCNAME}$`, 'u'),
  ID: new RegExp(`^${NCNAME}$`, 'u'),
  IDREF: new RegExp(`^${NCNAME}$`, 'u'),
  ENTITY: new RegExp(`^${NCNAME}$`, 'u'),
  QName: new RegExp(`^(?:${NCNAME}:)?${NCNAME}$`, 'u'),
  NOTATION: new RegExp(`^(?:${NCNAME}:)?${NCNAME}$`, 'u'),
  Name: new RegExp(`^[:${NCNAME_START}][:${NCNAME_CHAR}]*$`, 'u'),
  NMTOKEN: new RegExp(`^[:${NCNAME_CHAR}]+$`, 'u'),
};

const ASCII_NCNAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function validYearMonthDay(year: string | undefined, month: string | undefined, day: string | undefined): boolean {
  if (year !== undefined && /^-?0+$/.test(year)) return false; // XSD 1.0 has no year 0000
  const m = month === undefined ? 1 : Number(month);
  if (m < 1 || m > 12) return false;
  if (day === undefined) return true;
  const d = Number(day);
  if (d < 1 || d > DAYS_IN_MONTH[m - 1]!) return false;
  // libxml2 applies the leap rule to negative years as written (-0004 is leap, -0001 is not).
  if (m === 2 && d === 29 && year !== undefined) return isLeap(Number(year));
  return true;
}

const DATE_FAMILY = new Set(['dateTime', 'date', 'time', 'gYear', 'gYearMonth', 'gMonth', 'gMonthDay', 'gDay']);

/**
 * The text the lexical check sees. XSD collapses whitespace for every type below, but libxml2 (the
 * reference) does not quite: its date parser rewinds to the untrimmed text (so leading blanks fail
 * every date type but xs:time), skips trailing blanks only after a dateTime's timezone, and its
 * duration parser skips leading blanks only. We follow it so that both engines give the same
 * verdict (README, "Agreement with libxml2").
 */
export function lexicalInput(builtin: string, raw: string, normalized: string): string {
  if (builtin === 'dateTime') return /(?:Z|[+-]\d\d:\d\d)[ \t\n\r]+$/.test(raw) ? raw.replace(/[ \t\n\r]+$/, '') : raw;
  if (builtin === 'time' || builtin === 'duration') return raw.replace(/^[ \t\n\r]+/, '');
  if (DATE_FAMILY.has(builtin)) return raw;
  return normalized;
}

/**
 * libxml2 keeps a date's year in a C \`long\`: 32 bits on wasm32 (xmllint-wasm, our reference) and
 * 64-bit Windows, 64 bits on Linux. A year beyond ±2147483647 is invalid in the first; we follow the
 * limit every libxml2 build keeps, so the two engines agree (a 26-digit year is invalid everywhere).
 */
const MAX_YEAR = '2147483647';

function withinLibxml2Year(year: string): boolean {
  const digits = year.startsWith('-') ? year.slice(1) : year;
  return digits.length < MAX_YEAR.length || (digits.length === MAX_YEAR.length && digits <= MAX_YEAR);
}

/**
 * Durations as native libxml2 on Linux keeps them (xmlSchemaValidateDuration, 64-bit \`long\`): each
 * component's integer part must fit a signed 64-bit number; months are kept as years × 12 +
 * months, so years go up to 768614336404564650 (LONG_MAX / 12) and the months' total to LONG_MAX;
 * days are kept as days + whole days of the hours, minutes and seconds (and of what their
 * remainders add up to), also at most LONG_MAX. A fraction of a second is kept apart (any number of
 * digits). Limits measured with xmllint 2.9.14 (builtin-types.test.ts); xmllint-wasm, whose long is
 * 32 bits, is stricter (README, "Agreement with libxml2").
 */
const LONG_MAX = 9223372036854775807n;
/** Below this length no component can pass 2^63 - 1 (19 digits), so the usual duration skips the arithmetic. */
const SHORT_DURATION = 20;
const DURATION_PARTS = /^-?P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d*)(?:\.\d*)?S)?)?$/;

function withinLibxml2Duration(value: string): boolean {
  if (value.length < SHORT_DURATION) return true;
  const m = DURATION_PARTS.exec(value);
  if (m === null) return false;
  const [years, months, days, hours, minutes, seconds] = m.slice(1).map((d) => (d ? BigInt(d) : 0n)) as [bigint, bigint, bigint, bigint, bigint, bigint];
  if ([years, months, days, hours, minutes, seconds].some((n) => n > LONG_MAX)) return false;
  if (years > LONG_MAX / 12n || years * 12n + months > LONG_MAX) return false;
  const secs = (hours % 24n) * 3600n + (minutes % 1440n) * 60n + (seconds % 86400n);
  return days + hours / 24n + minutes / 1440n + seconds / 86400n + secs / 86400n <= LONG_MAX;
}

/** libxml2 keeps decimals in 24 digits: more significant digits make the value invalid there. */
const MAX_DECIMAL_DIGITS = 24;

function withinLibxml2Digits(value: string): boolean {
  if (value.length <= MAX_DECIMAL_DIGITS) return true; // the usual case, without splitting
  const [int = '', frac = ''] = value.replace(/^[+-]/, '').split('.');
  return int.replace(/^0+/, '').length + frac.length <= MAX_DECIMAL_DIGITS;
}

/** True when `value` (already whitespace-processed) is in the lexical space of the built-in. */
export function builtinAccepts(builtin: string, value: string): boolean {
  switch (builtin) {
    case 'decimal':
    case 'integer':
      return LEXICAL[builtin]!.test(value) && withinLibxml2Digits(value);
    case 'string':
    case 'token':
    case 'anyURI': // libxml2 accepts almost any string as a URI reference
      return true;
    case 'duration':
      return LEXICAL.duration!.test(value) && withinLibxml2Duration(value);
    case 'dateTime':
    case 'date': {
      const m = LEXICAL[builtin]!.exec(value);
      return m !== null && withinLibxml2Year(m[1]) && validYearMonthDay(m[1], m[2], m[3]);
    }
    case 'gYear':
    case 'gYearMonth': {
      const m = LEXICAL[builtin]!.exec(value);
      return m !== null && withinLibxml2Year(m[1]) && validYearMonthDay(m[1], m[2], undefined);
    }
    case 'gMonth':
    case 'gMonthDay': {
      const m = LEXICAL[builtin]!.exec(value);
      return m !== null && validYearMonthDay(undefined, m[1], m[2]);
    }
    case 'gDay': {
      const m = LEXICAL.gDay!.exec(value);
      return m !== null && Number(m[1]) >= 1 && Number(m[1]) <= 31;
    }
    case 'ID':
    case 'IDREF':
    case 'NCName':
    case 'ENTITY':
      // ASCII names (every DDEX reference) skip the large Unicode class.
      return ASCII_NCNAME.test(value) || LEXICAL[builtin]!.test(value);
    default: {
      const re = LEXICAL[builtin];
      return re ? re.test(value) : true;
    }
  }
}

/** Decimal comparison on lexical values (both already accepted as decimals): -1, 0 or 1. */
export function compareDecimal(a: string, b: string): number {
  const norm = (s: string): [number, string, string] => {
    let sign = 1;
    if (s[0] === '+' || s[0] === '-') {
      if (s[0] === '-') sign = -1;
      s = s.slice(1);
    }
    const [int = '', frac = ''] = s.split('.');
    const i = int.replace(/^0+/, '');
    const f = frac.replace(/0+$/, '');
    if (i === '' && f === '') return [0, '', ''];
    return [sign, i, f];
  };
  const [sa, ia, fa] = norm(a);
  const [sb, ib, fb] = norm(b);
  if (sa !== sb) return sa < sb ? -1 : 1;
  if (sa === 0) return 0;
  let mag = ia.length !== ib.length ? (ia.length < ib.length ? -1 : 1) : ia < ib ? -1 : ia > ib ? 1 : 0;
  if (mag === 0) {
    const len = Math.max(fa.length, fb.length);
    const pa = fa.padEnd(len, '0');
    const pb = fb.padEnd(len, '0');
    mag = pa < pb ? -1 : pa > pb ? 1 : 0;
  }
  return mag * sa;
}

/** Digits counted by totalDigits / fractionDigits. */
export function decimalDigits(value: string): { total: number; fraction: number } {
  const s = value.replace(/^[+-]/, '');
  const [int = '', frac = ''] = s.split('.');
  const i = int.replace(/^0+/, '');
  const f = frac.replace(/0+$/, '');
  return { total: Math.max(1, i.length + f.length), fraction: f.length };
}
