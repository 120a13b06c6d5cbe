/**
 * Differential test: the compiled validator against libxml2 on every shared sample with an XSD set
 * and on 3,000+ seeded mutations of the valid ones (20 kinds, message-mutations.ts), all run
 * through the engine's real pass. The mutations' reference is native xmllint (CI installs it;
 * xmllint-wasm where it is missing). Every disagreement fails unless it is one of the documented
 * ones in README.md ("Agreement with libxml2"); the counts per kind are printed.
 */
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR, SCHEMAS_DIR } from '../test-support.js';
import { SchemaStore } from '../xml/schema-store.js';
import { CompiledValidator } from './compiled-validator.js';
import { hasNativeXmllint, nativeVerdicts, wasmVerdicts, type Verdict } from './__tests__/libxml2-verdicts.js';
import { MUTATION_KINDS, mutate } from './__tests__/message-mutations.js';
import { readSampleIndex, validateWithPass } from './__tests__/run-compiled.js';
import { allElements, leafText, parseDom, serializeDom } from './__tests__/tiny-dom.js';

/** Mutations per valid sample: 40 x ~95 samples gives the 3,000+ the differential needs. */
const MUTATIONS_PER_SAMPLE = 40;
const MAX_SAMPLE_BYTES = 300_000;
/** The only issues libxml2 does not report: it checks neither ID uniqueness nor IDREFs on element content. */
const IDENTITY_ISSUE = /^(Duplicate ID '|Reference '[^']*' in \S+ does not match any ID)/;

const strict = new CompiledValidator({ cacheDir: null, identityConstraints: false });
const withIdentity = new CompiledValidator({ cacheDir: null });
const rows = readSampleIndex(SAMPLES_DIR).filter((r) => r.xsdSet && (r.verdict === 'valid' || r.verdict === 'invalid'));
const versionOf = (xsdSet: string) => xsdSet.replace(/^ern-/, '');

function decode(bytes: Buffer): string {
  const encoding = bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : 'utf-8';
  return new TextDecoder(encoding).decode(bytes);
}

describe('samples: same verdict as libxml2 (INDEX.csv)', () => {
  it.each(rows.map((r) => [r.file, r] as const))('%s', async (_file, row) => {
    const bytes = readFileSync(path.join(SAMPLES_DIR, row.file));
    const result = await validateWithPass(strict, versionOf(row.xsdSet), bytes);
    expect(result.fatal).toBeNull();
    expect({ outcome: result.outcome, issues: result.issues.slice(0, 3) }).toMatchObject({ outcome: row.verdict });
    // With identity constraints on, the only extra issues are dangling IDREFs and duplicate IDs.
    const full = await validateWithPass(withIdentity, versionOf(row.xsdSet), bytes);
    const extra = full.issues.filter((i) => !result.issues.some((j) => j.message === i.message && j.line === i.line));
    for (const issue of extra) expect(issue.message).toMatch(IDENTITY_ISSUE);
  });
});

interface MutatedDoc {
  name: string;
  text: string;
  description: string;
  kind?: string;
  allowed?: string;
}

describe('mutations: same verdict as libxml2', () => {
  const byVersion = new Map<string, MutatedDoc[]>();
  const native = hasNativeXmllint();
  const nativeDir = path.join(os.tmpdir(), `ddex-xsd-diff-${process.pid}`);
  afterAll(() => rmSync(nativeDir, { recursive: true, force: true }));

  beforeAll(() => {
    for (const row of rows.filter((r) => r.verdict === 'valid' && r.bytes <= MAX_SAMPLE_BYTES)) {
      const base = parseDom(decode(readFileSync(path.join(SAMPLES_DIR, row.file))));
      const docs = byVersion.get(versionOf(row.xsdSet)) ?? [];
      byVersion.set(versionOf(row.xsdSet), docs);
      for (let i = 0; i < MUTATIONS_PER_SAMPLE; i++) {
        const seed = (i + 1) * 7919 + row.bytes;
        const m = mutate(base, seed);
        if (m) docs.push({ name: `${row.file}#${seed}`, text: serializeDom(m.root), description: `${m.kind}: ${m.description}`, kind: m.kind, ...(m.allowed ? { allowed: m.allowed } : {}) });
      }
    }
  });

  it('generates at least 3,000 mutated messages of every kind across versions', () => {
    const all = [...byVersion.values()].flat();
    expect(all.length).toBeGreaterThanOrEqual(3000);
    expect(byVersion.size).toBeGreaterThanOrEqual(8);
    for (const kind of MUTATION_KINDS) expect(all.filter((d) => d.kind === kind).length, kind).toBeGreaterThan(20);
  });

  it('agrees with native xmllint (xmllint-wasm where it is missing) on every mutation, but for the documented differences', async () => {
    const disagreements: string[] = [];
    const counts = new Map<string, { agree: number; documented: number; invalid: number }>(MUTATION_KINDS.map((k) => [k, { agree: 0, documented: 0, invalid: 0 }]));
    let invalid = 0;
    for (const [version, docs] of byVersion) {
      const reference = native
        ? await nativeVerdicts(new SchemaStore({ dir: SCHEMAS_DIR }).locate(version)!.mainFile, docs, path.join(nativeDir, version))
        : await wasmVerdicts(version, docs, SCHEMAS_DIR);
      for (const doc of docs) {
        const expected: Verdict | undefined = reference.get(doc.name);
        const count = counts.get(doc.kind!)!;
        if (expected === 'invalid') {
          invalid++;
          count.invalid++;
        }
        const ours = await validateWithPass(strict, version, doc.text);
        if (ours.outcome === expected) count.agree++;
        else if (native && doc.allowed === 'year-32-bit' && expected === 'valid' && ours.outcome === 'invalid') count.documented++;
        else disagreements.push(`${version} ${doc.name} (${doc.description}): libxml2 ${expected}, compiled ${ours.outcome} ${ours.issues[0]?.message ?? ''}`);
        if (expected === 'valid' && ours.outcome === 'valid') {
          const full = await validateWithPass(withIdentity, version, doc.text);
          for (const issue of full.issues) if (!IDENTITY_ISSUE.test(issue.message)) disagreements.push(`${version} ${doc.name}: ${issue.message}`);
        }
      }
    }
    const rows = [...counts].map(([kind, c]) => `${kind.padEnd(16)} ${String(c.agree + c.documented).padStart(5)} ${String(c.agree).padStart(6)} ${String(c.documented).padStart(11)} ${String(c.invalid).padStart(8)}`);
    const total = [...counts.values()].reduce((t, c) => ({ agree: t.agree + c.agree, documented: t.documented + c.documented }), { agree: 0, documented: 0 });
    console.log(
      [`mutations against ${native ? 'native xmllint' : 'xmllint-wasm'}:`, `${'kind'.padEnd(16)} ${'total'.padStart(5)} ${'agree'.padStart(6)} ${'documented'.padStart(11)} ${'invalid'.padStart(8)}`, ...rows,
        `all: ${total.agree + total.documented + disagreements.length} mutants, ${total.agree} agree, ${total.documented} documented differences (years beyond 32 bits), ${disagreements.length} disagreements`].join('\n'),
    );
    expect(disagreements).toEqual([]);
    // The mutations must actually break messages, not only reshuffle valid ones.
    expect(invalid).toBeGreaterThan(1500);
  }, 600_000);
});

describe('year limits: same verdict as libxml2', () => {
  // libxml2 keeps a year in a C long: xmllint-wasm (32 bits) refuses beyond ±2147483647, native
  // xmllint on Linux (64 bits) beyond ±9223372036854775807; both refuse a 26-digit year.
  const YEARS = ['2147483647', '2147483648', '-2147483647', '-2147483648', '9223372036854775808', '99999999999999999999999999'];
  const EVERY_BUILD_AGREES = new Set(['2147483647', '-2147483647', '9223372036854775808', '99999999999999999999999999']);

  it('agrees on PLine/Year at and past the limits', async () => {
    const row = rows.find((r) => r.verdict === 'valid' && r.xsdSet === 'ern-4.3' && r.bytes <= MAX_SAMPLE_BYTES && /<(\w+:)?Year>/.test(readFileSync(path.join(SAMPLES_DIR, r.file), 'utf8')));
    expect(row, 'a valid ERN 4.3 sample with a Year').toBeTruthy();
    const docs: MutatedDoc[] = YEARS.map((year) => {
      const root = parseDom(decode(readFileSync(path.join(SAMPLES_DIR, row!.file))));
      const el = allElements(root).find((p) => p.el.name.replace(/^\w+:/, '') === 'Year' && leafText(p.el) !== null)!.el;
      el.children = [year];
      return { name: year, text: serializeDom(root), description: `Year ${year}` };
    });
    const reference = await wasmVerdicts('4.3', docs, SCHEMAS_DIR);
    const native = hasNativeXmllint() ? await nativeVerdicts(new SchemaStore({ dir: SCHEMAS_DIR }).locate('4.3')!.mainFile, docs, path.join(os.tmpdir(), `ddex-year-${process.pid}`)) : null;
    const ours = new Map<string, string>();
    for (const doc of docs) ours.set(doc.name, (await validateWithPass(strict, '4.3', doc.text)).outcome);
    expect(ours).toEqual(reference);
    expect([...ours.values()]).toEqual(['valid', 'invalid', 'valid', 'invalid', 'invalid', 'invalid']);
    if (native) for (const year of EVERY_BUILD_AGREES) expect(native.get(year), `native xmllint, Year ${year}`).toBe(ours.get(year));
  }, 120_000);
});
