/** XSD regular expressions translated to JavaScript: anchoring, XSD-only escapes, subtraction. */
import { describe, expect, it } from 'vitest';
import { translateXsdPattern, XsdRegexError } from './xsd-regex.js';

const matches = (pattern: string, value: string) => new RegExp(translateXsdPattern(pattern), 'u').test(value);

describe('translateXsdPattern', () => {
  it.each([
    // [pattern, value, matches]
    ['R[\\d\\-_a-zA-Z]+', 'R1-a_B', true],
    ['R[\\d\\-_a-zA-Z]+', 'xR1', false], // implicitly anchored
    ['R[\\d\\-_a-zA-Z]+', 'R1 ', false],
    ['[0-9]{4}(-[0-9]{2}){0,1}(-[0-9]{2}){0,1}', '2017-13-45', true],
    ['[0-9]{4}(-[0-9]{2}){0,1}(-[0-9]{2}){0,1}', '2017-1', false],
    ['\\d+', '١٢٣', true], // \d is any Unicode decimal digit
    ['a|b', 'b', true],
    ['a|b', 'ab', false], // the anchoring covers every branch
    ['^a$', '^a$', true], // ^ and $ are ordinary characters in XSD
    ['^a$', 'a', false],
    ['\\i\\c*', 'élan:x-1.2', true],
    ['\\i\\c*', '1abc', false],
    ['[\\i-[:]][\\c-[:]]*', 'a:b', false],
    ['[a-z-[aeiou]]+', 'bcd', true],
    ['[a-z-[aeiou]]+', 'bad', false],
    ['[^\\s]+', 'a\u00a0b', true],
    ['\\p{IsBasicLatin}+', 'abc', true],
    ['\\p{IsBasicLatin}+', 'abé', false],
    ['\\P{IsBasicLatin}', 'é', true],
    ['\\p{Lu}\\p{Ll}*', 'Album', true],
    ['[\\w]+', 'abc1', true],
    ['\\w', '_', false], // '_' is punctuation (Pc): not a word character in XSD
    ['\\w', '!', false],
    ['.', '\n', false],
    ['a/b', 'a/b', true],
    ['[+\\-]?\\d', '-1', true],
  ] as const)('/%s/ on %j -> %s', (pattern, value, expected) => {
    expect(matches(pattern, value)).toBe(expected);
  });

  it.each(['[a-', 'a{2', '(a', '\\q', '*a', '\\p{IsNoSuchBlock}'])('rejects the invalid pattern %s', (pattern) => {
    expect(() => translateXsdPattern(pattern)).toThrow(XsdRegexError);
  });
});
