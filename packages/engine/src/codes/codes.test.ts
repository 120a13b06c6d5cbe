import { describe, expect, it } from 'vitest';
import { gridProblem } from './grid.js';
import { isniProblem } from './isni.js';
import { iswcCheckDigit, iswcProblem } from './iswc.js';
import { mod3736CheckChar, mod112CheckChar } from './iso7064.js';
import { parseIsrc } from './isrc.js';

describe('ISO 7064', () => {
  // Published examples: ISNI of Leonard Cohen 0000 0001 2103 2683; ORCID sample 0000-0002-1825-0097 (same MOD 11-2).
  it('MOD 11-2', () => {
    expect(mod112CheckChar('000000012103268')).toBe('3');
    expect(mod112CheckChar('000000021825009')).toBe('7');
    expect(mod112CheckChar('000000021694233')).toBe('X');
  });
  // The GRid standard's example A1-2425G-ABC1234002-M.
  it('MOD 37,36 (GRid)', () => expect(mod3736CheckChar('A12425GABC1234002')).toBe('M'));
});

describe('identifiers', () => {
  it('GRid', () => {
    expect(gridProblem('A12425GABC1234002M')).toBeNull();
    expect(gridProblem('A12425GABC1234002N')).toEqual({ kind: 'checkChar', expected: 'M', found: 'N' });
    expect(gridProblem('A1-2425G-ABC1234002-M')).toEqual({ kind: 'syntax' });
    expect(gridProblem('A12425GABC1234002')).toEqual({ kind: 'syntax' });
  });
  it('ISNI', () => {
    expect(isniProblem('0000000121032683')).toBeNull();
    expect(isniProblem('0000 0001 2103 2683')).toBeNull();
    expect(isniProblem('0000000121032684')).toEqual({ kind: 'checkChar', expected: '3', found: '4' });
    expect(isniProblem('000000012103268')).toEqual({ kind: 'syntax' });
  });
  it('ISWC', () => {
    // T-034.524.680-1 is the ISWC agency's own example.
    expect(iswcCheckDigit('034524680')).toBe(1);
    expect(iswcProblem('T-034524680-1')).toBeNull();
    expect(iswcProblem('T0345246801')).toBeNull();
    expect(iswcProblem('T-034.524.680-1')).toBeNull();
    expect(iswcProblem('T1234567890')).toEqual({ kind: 'checkDigit', expected: 4, found: 0 });
    expect(iswcProblem('1234567890')).toEqual({ kind: 'syntax' });
  });
  it('ISRC parts', () => {
    expect(parseIsrc('GBXYZ2600001')).toEqual({ country: 'GB', registrant: 'XYZ', year: '26', designation: '00001' });
    expect(parseIsrc('GB-XYZ-26-00001')).toBeNull();
  });
});
