/** Language tags against the generated ISO 639 code list, and that list against its package. */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { iso6393 } from 'iso-639-3';
import { languageTagProblem } from './language-tags.js';
import { LANGUAGE_CODES } from './language-codes.generated.js';

const engine = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('language tags', () => {
  it('the generated code list is current and holds every code of the iso-639-3 package', () => {
    expect(() => execFileSync(process.execPath, [path.join(engine, 'scripts/gen-language-codes.mjs'), '--check'], { stdio: 'pipe' })).not.toThrow();
    const codes = new Set(LANGUAGE_CODES.split(' '));
    for (const lang of iso6393) for (const code of [lang.iso6391, lang.iso6392B, lang.iso6392T, lang.iso6393]) if (code) expect(codes.has(code)).toBe(true);
  });

  it.each([
    ['en', null],
    ['ja-Jpan', null],
    ['zh-Hant-TW', null],
    ['es-419', null],
    ['ger', null],
    ['deu', null],
    ['yue', null],
    ['mul', null],
    ['EN', { kind: 'case', suggestion: 'en' }],
    ['en_US', { kind: 'underscore', suggestion: 'en-US' }],
    ['qqx', { kind: 'unknown', language: 'qqx' }],
    ['e', { kind: 'shape' }],
    ['en-x', { kind: 'shape' }],
  ])('%s', (tag, problem) => {
    expect(languageTagProblem(tag)).toEqual(problem);
  });
});
