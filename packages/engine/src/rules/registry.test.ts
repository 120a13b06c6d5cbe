/**
 * The rule catalogue is complete and its generated files are current: every rule folder has its
 * test and README (gen-rule-index --check), docs/rules.md matches the metadata (gen-rule-docs
 * --check, README source blocks included), every rule's meta is usable (messages, hints, versions)
 * and cites its sources, and a rule without one is refused by defineRule and by both generators.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RULES, listRules } from './registry.js';
import { defineRule, formatMessage, type Rule } from './define.js';
import { STORES } from '../stores/registry.js';
import { SOURCES_END, SOURCES_START } from '../../scripts/gen-rule-docs.mjs';
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

  it.each(RULES.map((r) => [r.id, r] as const))('%s: meta complete, sources cited, README names the rule and shows its sources', (id, rule) => {
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
    expect(meta.sources.length, `${id} cites a source`).toBeGreaterThan(0);
    for (const source of meta.sources) {
      expect(source.ref.trim().length, `${id}: ${JSON.stringify(source)}`).toBeGreaterThan(10);
      if (source.kind === 'service') expect(source.url).toBeUndefined();
      else expect(() => new URL(source.url ?? ''), `${id}: ${source.ref}`).not.toThrow();
    }
    // The README shows the generated block: every source's ref and url between the markers, once.
    const block = readme.slice(readme.indexOf(SOURCES_START), readme.indexOf(SOURCES_END));
    expect(readme.split(SOURCES_START).length, `${id} README has one source block`).toBe(2);
    for (const source of meta.sources) expect(block).toContain(source.url ? `[${source.ref}](${source.url})` : source.ref);
  });

  it('every store requirement cites, in its rule\'s sources, the page its store profile cites', () => {
    const missing: string[] = [];
    for (const store of STORES) {
      for (const req of store.requirements) {
        const rule = RULES.find((r) => r.id === req.rule)!;
        if (!rule.meta.sources.some((s) => s.kind === 'store' && s.url === req.source.url)) missing.push(`${req.id} → ${req.rule}: ${req.source.url}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('defineRule refuses a rule without sources, or with a source lacking its url, naming the rule', () => {
    const base = { id: 'release-example-check', stage: 'release', meta: { ...RULES[0].meta } } as unknown as Rule;
    expect(() => defineRule({ ...base, meta: { ...base.meta, sources: [] as unknown as Rule['meta']['sources'] } })).toThrow(/rule release-example-check: has no sources/);
    expect(() => defineRule({ ...base, meta: { ...base.meta, sources: [{ kind: 'xsd', ref: 'ERN 4.3 release-notification.xsd: ReleaseId' }] } })).toThrow(/release-example-check: source 1 \(xsd\) needs an http\(s\) url/);
    expect(() => defineRule({ ...base, meta: { ...base.meta, sources: [{ kind: 'service', ref: 'our decision, and why' }] } })).not.toThrow();
  });

  it('the build stops on a rule whose index.ts cites no source, naming it (gen-rule-index on a copy of the rules)', () => {
    // A copy of the engine's scripts and rule folders, with one rule's sources removed.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rule-sources-'));
    try {
      cpSync(path.join(engine, 'scripts'), path.join(dir, 'scripts'), { recursive: true });
      cpSync(path.join(engine, 'src/rules'), path.join(dir, 'src/rules'), { recursive: true });
      const victim = path.join(dir, 'src/rules/codes/codes-upc-present/index.ts');
      writeFileSync(victim, readFileSync(victim, 'utf8').replace(/ {4}sources: \[[\s\S]*?\n {4}\],\n/, '    sources: [],\n'));
      const out = spawnSync(process.execPath, [path.join(dir, 'scripts/gen-rule-index.mjs')], { encoding: 'utf8' });
      expect(out.status).toBe(1);
      expect(out.stderr).toContain('rules without a source');
      expect(out.stderr).toContain('codes/codes-upc-present');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('listRules() gives the CLI every rule with both preset severities and its docs link', () => {
    const list = listRules();
    expect(list.map((r) => r.id)).toEqual(RULES.map((r) => r.id));
    for (const r of list) expect(r.docs).toMatch(new RegExp(`/${r.stage}/${r.id}/README\\.md$`));
    for (const r of list) expect(r.sources).toBe(RULES.find((rule) => rule.id === r.id)!.meta.sources);
  });
});
