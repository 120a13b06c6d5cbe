/**
 * Checks text against the compiled simple types of a set: whitespace processing, lexical space of
 * the built-in, patterns, enumerations, lengths, numeric bounds and digits, lists and unions.
 * Checkers are built lazily per type and reused for the life of the compiled set.
 */
import type { CompiledSet, SimpleTypeDef } from './compiled-set.js';
import { builtinAccepts, compareDecimal, decimalDigits, lexicalInput } from './builtin-types.js';
import { normalizeWhiteSpace } from './simple-type-compiler.js';
import { detached } from '../xml/pass-events.js';

/** Returns null when the value is valid, else a sentence saying why. */
export type ValueCheck = (raw: string) => string | null;

const NUMERIC = new Set(['decimal', 'integer', 'float', 'double']);
const LENGTH_BY_OCTETS = new Set(['hexBinary', 'base64Binary']);

const quote = (v: string): string => `'${v.length > 80 ? `${v.slice(0, 77)}...` : v}'`;

function listing(values: string[]): string {
  const shown = values.slice(0, 6).map(quote).join(', ');
  return values.length > 6 ? `${shown}, ... (${values.length} values)` : shown;
}

/** A near match for an enumeration typo: same letters ignoring case, spaces and punctuation. */
function nearest(value: string, allowed: Set<string>): string | null {
  const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  const target = squash(value);
  if (!target) return null;
  for (const a of allowed) if (squash(a) === target) return a;
  return null;
}

export class SimpleChecker {
  /** By type id (an array: this lookup runs for every leaf element). */
  private readonly checks: (ValueCheck | undefined)[] = [];

  constructor(private readonly set: CompiledSet) {}

  check(typeId: number): ValueCheck {
    let fn = this.checks[typeId];
    if (!fn) {
      const def = this.set.types[typeId];
      fn = def && def.kind === 'simple' ? this.build(def) : () => null;
      this.checks[typeId] = fn;
    }
    return fn;
  }

  /** The built-in behind a type (`ID`, `IDREF`...), following list items; for identity tracking. */
  builtinOf(typeId: number): string {
    const def = this.set.types[typeId];
    return def && def.kind === 'simple' ? def.builtin : '';
  }

  private build(def: SimpleTypeDef): ValueCheck {
    const typeName = def.name === 'anonymous' ? 'its type' : def.name;
    const patterns = (def.patterns ?? []).map((step) => step.map((source) => new RegExp(source, 'u')));
    const allowed = def.enumeration ? new Set(def.enumeration) : null;
    const members = def.members?.map((m) => this.check(m));
    const item = def.itemType !== undefined ? this.check(def.itemType) : null;
    const numeric = NUMERIC.has(def.builtin);
    const facets = this.facetCheck(def, typeName);
    // Most DDEX leaves are plain xs:string: nothing to check.
    if (def.variety === 'atomic' && def.builtin === 'string' && patterns.length === 0 && !allowed && !facets) return () => null;

    const check: ValueCheck = (raw) => {
      const value = normalizeWhiteSpace(raw, def.whiteSpace);
      if (def.variety === 'atomic') {
        if (!builtinAccepts(def.builtin, lexicalInput(def.builtin, raw, value))) return `${quote(raw)} is not a valid ${typeName}${typeName === `xs:${def.builtin}` ? '' : ` (${def.builtin})`}`;
      } else if (def.variety === 'list') {
        const items = value === '' ? [] : value.split(' ');
        for (const it of items) {
          const why = item!(it);
          if (why) return `list item ${why}`;
        }
      } else if (members && !members.some((m) => m(raw) === null)) {
        return `${quote(value)} is not a valid ${typeName}${allowed ? '' : ` (no member type accepts it)`}`;
      }
      for (const step of patterns) {
        if (step.length === 1 ? !step[0]!.test(value) : !step.some((re) => re.test(value))) {
          return `${quote(value)} does not match the pattern of ${typeName} (${def.patternText?.join(' | ') ?? 'pattern'})`;
        }
      }
      if (allowed && !allowed.has(value)) {
        const near = nearest(value, allowed);
        return `${quote(value)} is not an allowed value of ${typeName}${near ? `: did you mean '${near}'?` : ` (allowed: ${listing([...allowed])})`}`;
      }
      return facets ? facets(value, numeric) : null;
    };
    // A type's texts repeat (a role, a territory, a date, a duration): the last one found valid is not checked again.
    // Kept detached: after a hand-over to saxes a text may be a slice of its whole input chunk.
    let lastValid: string | null = null;
    return (raw) => {
      if (raw === lastValid) return null;
      const why = check(raw);
      if (why === null) lastValid = detached(raw);
      return why;
    };
  }

  private facetCheck(def: SimpleTypeDef, typeName: string): ((value: string, numeric: boolean) => string | null) | null {
    const hasLength = def.length !== undefined || def.minLength !== undefined || def.maxLength !== undefined;
    const hasBounds = def.minInclusive !== undefined || def.maxInclusive !== undefined || def.minExclusive !== undefined || def.maxExclusive !== undefined;
    const hasDigits = def.totalDigits !== undefined || def.fractionDigits !== undefined;
    if (!hasLength && !hasBounds && !hasDigits) return null;
    return (value, numeric) => {
      if (hasLength) {
        const length =
          def.variety === 'list' ? (value === '' ? 0 : value.split(' ').length)
          : LENGTH_BY_OCTETS.has(def.builtin) ? octets(def.builtin, value)
          : [...value].length;
        if (def.length !== undefined && length !== def.length) return `${quote(value)} must have length ${def.length} (${typeName})`;
        if (def.minLength !== undefined && length < def.minLength) return `${quote(value)} is shorter than ${def.minLength} (${typeName})`;
        if (def.maxLength !== undefined && length > def.maxLength) return `${quote(value)} is longer than ${def.maxLength} (${typeName})`;
      }
      if (hasBounds && numeric && /^[+-]?(\d+\.?\d*|\.\d+)$/.test(value)) {
        if (def.minInclusive !== undefined && compareDecimal(value, def.minInclusive) < 0) return `${value} is below the minimum ${def.minInclusive} (${typeName})`;
        if (def.maxInclusive !== undefined && compareDecimal(value, def.maxInclusive) > 0) return `${value} is above the maximum ${def.maxInclusive} (${typeName})`;
        if (def.minExclusive !== undefined && compareDecimal(value, def.minExclusive) <= 0) return `${value} must be greater than ${def.minExclusive} (${typeName})`;
        if (def.maxExclusive !== undefined && compareDecimal(value, def.maxExclusive) >= 0) return `${value} must be less than ${def.maxExclusive} (${typeName})`;
      }
      if (hasDigits && numeric) {
        const digits = decimalDigits(value);
        if (def.totalDigits !== undefined && digits.total > def.totalDigits) return `${value} has more than ${def.totalDigits} digits (${typeName})`;
        if (def.fractionDigits !== undefined && digits.fraction > def.fractionDigits) return `${value} has more than ${def.fractionDigits} fraction digits (${typeName})`;
      }
      return null;
    };
  }
}

function octets(builtin: string, value: string): number {
  if (builtin === 'hexBinary') return value.length / 2;
  const clean = value.replace(/ /g, '');
  return (clean.length / 4) * 3 - (clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0);
}
