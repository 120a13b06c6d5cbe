/** docs/stores.md is generated from the profiles, and every requirement's source is cited in the README of the rule that checks it. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { STORES } from './registry.js';
import { RULES } from '../rules/registry.js';

const engine = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const root = path.resolve(engine, '../..');

describe('store docs', () => {
  it('docs/stores.md is generated from the current profiles', () => {
    expect(() => execFileSync(process.execPath, [path.join(engine, 'scripts/gen-store-docs.mjs'), '--check'], { cwd: root, stdio: 'pipe' })).not.toThrow();
  }, 60_000);

  it.each(STORES.flatMap((s) => s.requirements.map((r) => [r.id, r] as const)))('%s: its rule README cites the source and the requirement', (id, requirement) => {
    const rule = RULES.find((r) => r.id === requirement.rule)!;
    const readme = readFileSync(path.join(engine, 'src/rules', rule.stage, rule.id, 'README.md'), 'utf8');
    expect(readme).toContain(requirement.source.url);
    expect(readme).toContain(id);
  });
});
