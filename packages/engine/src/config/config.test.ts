import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE } from '../profile/default.js';
import { CONFIG_SCHEMA, ConfigFileError, configFromValue, findConfigFile, loadConfigFile, loadProfileFile, type KnownRule } from './index.js';

const KNOWN: KnownRule[] = [
  { id: 'codes-isrc-syntax', meta: {} },
  { id: 'artwork-size-min', meta: { optionsSchema: { type: 'object', additionalProperties: false, properties: { pixels: { type: 'integer' } } } } },
];

function errorOf(value: unknown, known?: KnownRule[]): string {
  try {
    configFromValue(value, 'ddex-check.config.json', known);
  } catch (error) {
    if (error instanceof ConfigFileError) return error.describe();
    throw error;
  }
  throw new Error('expected a ConfigFileError');
}

describe('config file', () => {
  it('reads every key, makes paths absolute relative to the file, merges the profile', () => {
    const config = configFromValue(
      {
        extends: 'ddex:strict',
        rules: { 'codes-isrc-syntax': 'warn', 'artwork-size-min': ['error', { pixels: 3000 }] },
        profile: { artwork: { minPixels: 3000 }, territories: ['DE', 'AT'] },
        schemas: '../xsd',
        catalog: 'catalog.json',
      },
      '/proj/conf/ddex-check.config.json',
      KNOWN,
    );
    expect(config.preset).toBe('ddex:strict');
    expect(config.rules['artwork-size-min']).toEqual(['error', { pixels: 3000 }]);
    expect(config.schemasDir).toBe('/proj/xsd');
    expect(config.catalogFile).toBe('/proj/conf/catalog.json');
    expect(config.profile!.artwork).toEqual({ ...DEFAULT_PROFILE.artwork, minPixels: 3000 });
    expect(config.profile!.territories).toEqual(['DE', 'AT']);
    expect(config.profile!.audio).toEqual(DEFAULT_PROFILE.audio);
  });

  it('points at the bad key with a plain message', () => {
    expect(errorOf({ extend: 'ddex:strict' })).toBe('ddex-check.config.json: extend: unknown key (known keys: extends, rules, profile, schemas, catalog)');
    expect(errorOf({ extends: 'eslint:recommended' })).toBe(
      'ddex-check.config.json: extends: must be one of "ddex:recommended", "ddex:strict", not "eslint:recommended"',
    );
    expect(errorOf({ rules: { 'codes-isrc-syntax': 'warning' } })).toBe(
      'ddex-check.config.json: rules.codes-isrc-syntax: must be "error", "warn", "info" or "off", or [severity, {options}]',
    );
    expect(errorOf({ rules: { 'Codes ISRC': 'off' } })).toBe('ddex-check.config.json: rules.Codes ISRC: is not a rule id (kebab-case, like codes-isrc-syntax)');
    expect(errorOf({ profile: { artwork: { minPixels: 'big' } } })).toBe('ddex-check.config.json: profile.artwork.minPixels: must be a whole number, not "big"');
    expect(errorOf({ profile: { audio: { bitdepths: [24] } } })).toMatch(/^ddex-check.config.json: profile.audio.bitdepths: unknown key \(known keys: formats, bitDepths,/);
  });

  it('rejects unknown rule ids (with a suggestion) and options that do not fit the rule', () => {
    expect(errorOf({ rules: { 'codes-syntax-isrc': 'off' } }, KNOWN)).toBe(
      'ddex-check.config.json: rules.codes-syntax-isrc: unknown rule "codes-syntax-isrc" (did you mean "codes-isrc-syntax"?)',
    );
    expect(errorOf({ rules: { 'artwork-size-min': ['error', { px: 1 }] } }, KNOWN)).toBe(
      'ddex-check.config.json: rules.artwork-size-min[1].px: unknown key (known keys: pixels)',
    );
    expect(errorOf({ rules: { 'codes-isrc-syntax': ['error', {}] } }, KNOWN)).toBe('ddex-check.config.json: rules.codes-isrc-syntax: rule "codes-isrc-syntax" takes no options');
  });

  it('is found in the working folder or the nearest parent', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'cfg-'));
    const deep = path.join(root, 'a', 'b');
    await mkdir(deep, { recursive: true });
    expect(await findConfigFile(deep)).toBeNull();
    await writeFile(path.join(root, 'ddex-check.config.json'), '{"extends": "ddex:strict"}');
    expect(await findConfigFile(deep)).toBe(path.join(root, 'ddex-check.config.json'));
    expect((await loadConfigFile(path.join(root, 'ddex-check.config.json'))).preset).toBe('ddex:strict');
  });

  it('says where JSON syntax breaks, and that a file is missing', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cfg-'));
    const file = path.join(dir, 'ddex-check.config.json');
    await writeFile(file, '{\n  "extends": "ddex:strict",\n  "rules": { oops }\n}');
    await expect(loadConfigFile(file)).rejects.toThrow(/^config file is not valid JSON at 3:14/);
    await expect(loadConfigFile(path.join(dir, 'nope.json'))).rejects.toThrow('config file not found');
  });

  it('loads a --profile file over the default', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'profile-'));
    const file = path.join(dir, 'profile.json');
    await writeFile(file, JSON.stringify({ name: 'hifi', audio: { bitDepths: [24], minSampleRate: 96000 } }));
    const profile = await loadProfileFile(file);
    expect(profile.name).toBe('hifi');
    expect(profile.audio).toMatchObject({ bitDepths: [24], minSampleRate: 96000, formats: DEFAULT_PROFILE.audio.formats });
    await writeFile(file, JSON.stringify({ video: { minWidth: 0 } }));
    await expect(loadProfileFile(file)).rejects.toMatchObject({ key: 'video.minWidth', message: 'must be >= 1' });
  });

  it('is the schema written to schemas/config.schema.json (UPDATE_GOLDEN=1 rewrites it)', async () => {
    const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../schemas/config.schema.json');
    const expected = JSON.stringify(CONFIG_SCHEMA, null, 2) + '\n';
    if (process.env.UPDATE_GOLDEN === '1') await writeFile(file, expected);
    expect(await readFile(file, 'utf8')).toBe(expected);
  });
});
