/**
 * Lexical checks of the built-in types the DDEX schemas use. The expected verdicts were measured
 * with libxml2 (xmllint 2.9.14 and xmllint-wasm agree), the reference implementation, including
 * where libxml2 departs from XSD 1.0 on whitespace (see README).
 */
import { describe, expect, it } from 'vitest';
import type { SimpleTypeDef } from './compiled-set.js';
import { compareDecimal } from './builtin-types.js';
import { SimpleChecker } from './simple-check.js';

const BUILTINS = ['dateTime', 'date', 'gYear', 'duration', 'integer', 'decimal', 'boolean', 'ID'] as const;
const types: SimpleTypeDef[] = BUILTINS.map((b) => ({ kind: 'simple', name: `xs:${b}`, variety: 'atomic', builtin: b, whiteSpace: 'collapse' }));
const checker = new SimpleChecker({ format: 0, key: '', targetNamespace: '', roots: {}, types, typeNames: {} });
const accepts = (builtin: (typeof BUILTINS)[number], value: string) => checker.check(BUILTINS.indexOf(builtin))(value) === null;

const CASES: [(typeof BUILTINS)[number], string, boolean][] = [
  ['gYear', '2013', true], ['gYear', ' 2013', false], ['gYear', '2013 ', false], ['gYear', '-2013', true], ['gYear', '0000', false],
  ['gYear', '02013', false], ['gYear', '12013', true], ['gYear', '2147483647', true], ['gYear', '2147483648', false],
  ['gYear', '-2147483647', true], ['gYear', '-2147483648', false], ['gYear', '99999999999999999999999999', false],
  ['date', '2147483647-12-31', true], ['date', '2147483648-01-01', false], ['dateTime', '-2147483648-01-01T00:00:00', false], ['gYear', '2013Z', true], ['gYear', '2013+14:00', true], ['gYear', '2013+14:01', false],
  ['dateTime', '2013-07-09T10:00:00', true], ['dateTime', ' 2013-07-09T10:00:00', false], ['dateTime', '2013-07-09T10:00:00 ', false],
  ['dateTime', '2013-07-09T10:00:00Z ', true], ['dateTime', '2013-07-09T10:00:00+00:00\t', true], ['dateTime', '2013-07-09T24:00:00', true],
  ['dateTime', '2013-07-09T24:30:00', false], ['dateTime', '2013-07-09T10:00:00.1234567+14:00', true], ['dateTime', '2013-07-09T10:00', false],
  ['dateTime', '2013-07-09T10:00:00+14:30', false], ['dateTime', '2013-07-09T10:00:60', false], ['dateTime', '2012-02-29T00:00:00', true],
  ['dateTime', '2013-02-29T00:00:00', false], ['dateTime', '1900-02-29T00:00:00', false], ['dateTime', '2013-07-09T10:00:00.', false],
  ['dateTime', '2013-04-31T10:00:00', false], ['dateTime', '2013-07-09t10:00:00', false], ['dateTime', '2013-07-09T24:00:00.5', false],
  ['date', '2013-07-09Z', true], ['date', '2013-07-09Z ', false], ['date', ' 2013-07-09', false], ['date', '-0001-02-29', false], ['date', '-0004-02-29', true],
  ['duration', ' PT1H', true], ['duration', 'PT1H ', false], ['duration', 'PT', false], ['duration', 'P', false], ['duration', 'P1.5D', false],
  ['duration', 'PT1.5S', true], ['duration', 'PT1.S', true], ['duration', 'PT.5S', true], ['duration', '-P1D', true], ['duration', 'P1Y1Y', false],
  ['duration', 'P1D2H', false], ['duration', 'P1W', false], ['duration', 'PT1,5S', false],
  // Native libxml2's 64-bit duration limits (each edge measured with xmllint 2.9.14, README).
  ['duration', 'P768614336404564650Y', true], ['duration', 'P768614336404564651Y', false], ['duration', '-P768614336404564650Y', true],
  ['duration', '-P768614336404564651Y', false], ['duration', 'P99999999999999999999Y', false], ['duration', 'P768614336404564650Y7M', true],
  ['duration', 'P768614336404564650Y8M', false], ['duration', 'P9223372036854775807M', true], ['duration', 'P9223372036854775808M', false],
  ['duration', 'P1Y9223372036854775795M', true], ['duration', 'P1Y9223372036854775796M', false],
  ['duration', 'P9223372036854775807D', true], ['duration', 'P9223372036854775808D', false], ['duration', 'P9223372036854775807DT23H59M59S', true],
  ['duration', 'P9223372036854775807DT23H59M60S', false], ['duration', 'P9223372036854775807DT24H', false], ['duration', 'P9223372036854775806DT47H', true],
  ['duration', 'P9223372036854775807DT86399.999S', true], ['duration', 'P9223372036854775807DT86400S', false],
  ['duration', 'PT9223372036854775807H', true], ['duration', 'PT9223372036854775808H', false], ['duration', 'PT9223372036854775807H1440M', true],
  ['duration', 'PT9223372036854775807M', true], ['duration', 'PT9223372036854775808M', false],
  ['duration', 'PT9223372036854775807S', true], ['duration', 'PT9223372036854775808S', false], ['duration', 'PT99999999999999999999S', false],
  ['duration', 'PT9223372036854775807.99999999999999999999999S', true], ['duration', 'P0000000000000000000000000001Y', true],
  ['duration', 'PT0000000000000000000000000001.5S', true], ['duration', 'P9223372036854775807M1D', true], ['duration', 'P1DT9223372036854775807S', true],
  ['integer', ' 12 ', true], ['integer', '+7', true], ['integer', '12.0', false], ['integer', '', false],
  ['integer', '123456789012345678901234', true], ['integer', '1234567890123456789012345', false],
  ['decimal', '5.', true], ['decimal', '.5', true], ['decimal', '1e3', false], ['decimal', '.', false],
  ['decimal', '0.123456789012345678901234', true], ['decimal', '0.1234567890123456789012345', false],
  ['boolean', ' true ', true], ['boolean', 'TRUE', false], ['boolean', '1', true],
  ['ID', ' A1 ', true], ['ID', 'A 1', false], ['ID', '1A', false], ['ID', 'A:1', false],
];

describe('built-in lexical spaces (as libxml2 has them)', () => {
  it.each(CASES)('xs:%s %j -> %s', (builtin, value, expected) => {
    expect(accepts(builtin, value)).toBe(expected);
  });
});

describe('compareDecimal', () => {
  it.each([
    ['1', '1.0', 0], ['-0', '0', 0], ['2', '10', -1], ['-2', '-10', 1], ['0.5', '.50', 0], ['1.05', '1.5', -1], ['+3', '-3', 1],
  ] as const)('%s vs %s', (a, b, expected) => {
    expect(compareDecimal(a, b)).toBe(expected);
  });
});
