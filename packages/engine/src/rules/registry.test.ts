/**
 * The rule catalogue is complete and its generated files are current: every rule folder has its
 * test and README (gen-rule-index --check), docs/rules.md matches the metadata (gen-rule-docs
 * --check), and every rule's meta is usable (messages, hints, versions, README citing a source).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RULES, listRules } from './registry.js';
import { formatMessage } from './define.js';
import { PRESETS, presetSeverity } from './severity.js';

const engine = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const root = path.resolve(engine, '../..');
const run = (script: string) => execFileSync(process.execPath, [path.join(engine, 'scripts', script), '--check'], { cwd: root, encoding: 'utf8', stdio: 'pipe' });

describe('rule catalogue', () => {
  it('every rule folder has index.ts, index.test.ts and README.md, and the index is generated', () => {
    expect(() => run('gen-rule-index.mjs')).not.toThrow();
  });

  it('docs/rules.md is generated from the current metadata', () => {
    expect(() => run('gen-rule-docs.mjs')).not.toThrow();
  }, 60_000);

  it('rule ids are unique', () => {
    expect(new Set(RULES.map((r) => r.id)).size).toBe(RULES.length);
  });

  it.each(RULES.map((r) => [r.id, r] as const))('%s: meta complete, README names the rule and cites a source', (id, rule) => {
    const meta = rule.meta;
    expect(meta.label.trim()).not.toBe('');
    expect(meta.description.trim()).not.toBe('');
    expect(meta.versions === 'all' || meta.versions.length > 0).toBe(true);
    expect(Object.keys(meta.messages).length).toBeGreaterThan(0);
    for (const [messageId, template] of Object.entries(meta.messages)) {
      expect(template.trim(), `${id}.${messageId}`).not.toBe('');
      // Every placeholder can be filled (a hint may only use placeholders its message data provides).
      const names = [...`${template} ${typeof meta.hint === 'string' ? meta.hint : (meta.hint[messageId] ?? '')}`.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const data = Object.fromEntries(names.map((n) => [n, 'x']));
      expect(() => formatMessage(rule, messageId, data)).not.toThrow();
    }
    if (typeof meta.hint === 'object') {
      for (const key of Object.keys(meta.hint)) expect(meta.messages, `${id} hint key ${key}`).toHaveProperty(key);
      for (const key of Object.keys(meta.messages)) expect(meta.hint[key]?.trim() ?? '', `${id} hint for ${key}`).not.toBe('');
    } else expect(meta.hint.trim()).not.toBe('');
    for (const preset of PRESETS) expect(['error', 'warn', 'info']).toContain(presetSeverity(rule, preset));
    const readme = readFileSync(path.join(engine, 'src/rules', rule.stage, id, 'README.md'), 'utf8');
    expect(readme).toContain(id);
    expect(readme, `${id} README cites a DDEX clause, standard or service rule`).toMatch(/Source|DDEX|ISO|XSD|Schematron|GS1|RFC|service rule|specification/);
  });

  it('listRules() gives the CLI every rule with both preset severities and its docs link', () => {
    const list = listRules();
    expect(list.map((r) => r.id)).toEqual(RULES.map((r) => r.id));
    for (const r of list) expect(r.docs).toMatch(new RegExp(`/${r.stage}/${r.id}/README\\.md$`));
  });
});
