/**
 * The answer's report JSON takes a fast way for the lists whose items `JSON.stringify` writes as the
 * schema's serializer does (answer-json.ts): it must give the schema serializer's bytes for any
 * report, real or odd, and take the fast way for the real reports' long lists (or the speed is lost
 * without a failing test).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { validate, type Report } from '@ddex-check/engine';
import { generateErn43 } from '../../../../bench/generate-ern43.mjs';
import { loadApiSchemas } from '../api-schemas.js';
import { AUDIO_43 } from '../../test/support/ddex-fixtures.js';
import { asPartnerReport } from './partner-report.js';
import { exactReportJson, fitTestOf, validationReportJson } from './answer-json.js';

const SAMPLES = path.dirname(AUDIO_43);
type Schema = Parameters<typeof fitTestOf>[0];
const reportSchema = loadApiSchemas().find((s) => s.$id === 'validation-report.schema.json') as unknown as Schema;
const itemSchema = (...at: string[]) => at.reduce<Schema>((s, key) => s.properties![key], reportSchema).items as Schema;

/** Both ways give the same bytes, or both throw the same error (every list the fast way where it can). */
function sameBothWays(report: unknown) {
  const everyList = (r: Report) => validationReportJson(r, { longList: 0 });
  const run = (f: (r: Report) => string) => {
    try {
      return { json: f(report as Report) };
    } catch (error) {
      return { error: (error as Error).message };
    }
  };
  expect(run(everyList)).toEqual(run(exactReportJson));
}

let real: Report[] = [];
beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'answer-json-'));
  const big = path.join(dir, 'catalog.xml');
  const broken = path.join(dir, 'broken.xml');
  await generateErn43(big, 2e6);
  await generateErn43(broken, 1e6, { findings: true });
  const samples = fs.readdirSync(SAMPLES).filter((f) => f.endsWith('.xml')).map((f) => path.join(SAMPLES, f));
  real = [];
  for (const file of [...samples, big, broken]) real.push(asPartnerReport(await validate(fs.readFileSync(file), { name: path.basename(file), stores: ['spotify', 'youtube'] })));
  fs.rmSync(dir, { recursive: true, force: true });
}, 120_000);

describe('validationReportJson', () => {
  it('writes the schema serializer’s bytes for the official samples and generated messages', () => {
    expect(real.length).toBeGreaterThan(3);
    for (const report of real) {
      expect(validationReportJson(report)).toBe(exactReportJson(report));
      expect(validationReportJson(report, { longList: 0 })).toBe(exactReportJson(report));
    }
  });

  it('takes the fast way for a catalog’s recordings and a broken message’s findings', () => {
    const recordings = real.at(-2)!.would_create.recordings as unknown[];
    const findings = real.at(-1)!.checks.filter((c) => c.status !== 'pass');
    expect(recordings.length).toBeGreaterThan(500);
    expect(findings.length).toBeGreaterThan(500);
    const recordingFits = fitTestOf(itemSchema('would_create', 'recordings'))!;
    const checkFits = fitTestOf(itemSchema('checks'))!;
    expect(recordings.every(recordingFits)).toBe(true);
    expect(findings.every(checkFits)).toBe(true);
  });

  it('gives the same bytes, or the same error, for reports with odd items', () => {
    const base = real[0];
    const plain = fc.oneof(fc.string(), fc.constantFrom('a"b\\c', '\u0000\u001f', '\ud800', 'x\u2028y', '<\/script>', 'ddex-check-list-0-'), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined));
    const odd = fc.oneof(plain, fc.constant({ nested: true }), fc.constant([1, 'two']), fc.constant({ toJSON: () => 'x' }), fc.constant(new Date(0)));
    // An item of a list: a real one with keys reordered, dropped, retyped or added.
    const item = (items: unknown[]) =>
      fc.record({ at: fc.nat(), order: fc.array(fc.nat(), { maxLength: 20 }), drop: fc.option(fc.nat()), retype: fc.option(fc.tuple(fc.nat(), odd)), extra: fc.option(fc.tuple(fc.constantFrom('extra', 'release', 'status', '__proto__x'), odd)) }).map(({ at, order, drop, retype, extra }) => {
        const source = items.length ? (items[at % items.length] as Record<string, unknown>) : { file: 'f' };
        let entries = Object.entries(source);
        for (const i of order) if (entries.length > 1) entries = [...entries.slice(i % entries.length), ...entries.slice(0, i % entries.length)].reverse();
        if (drop !== null && entries.length) entries.splice(drop % entries.length, 1);
        if (retype !== null && entries.length) entries[retype[0] % entries.length] = [entries[retype[0] % entries.length][0], retype[1]];
        if (extra !== null) entries.push([extra[0], extra[1]]);
        return Object.fromEntries(entries);
      });
    const listOf = (items: unknown[]) => fc.oneof({ weight: 8, arbitrary: fc.array(fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...(items.length ? items : [{}])) }, { weight: 3, arbitrary: item(items) }, { weight: 1, arbitrary: odd }), { maxLength: 12 }) }, { weight: 1, arbitrary: odd });
    const wc = base.would_create as unknown as Record<string, unknown[]>;
    const report = fc.record({
      checks: listOf(base.checks),
      messages: listOf(base.messages),
      releases: listOf(base.releases),
      wcReleases: listOf(wc.releases),
      recordings: listOf(wc.recordings),
      artists: listOf(wc.artists),
      wouldCreateOdd: fc.option(odd, { freq: 10 }),
    });
    fc.assert(
      fc.property(report, (r) => {
        const wouldCreate = r.wouldCreateOdd !== null ? r.wouldCreateOdd : { releases: r.wcReleases, recordings: r.recordings, artists: r.artists };
        sameBothWays({ ...base, checks: r.checks, messages: r.messages, releases: r.releases, would_create: wouldCreate });
      }),
      { numRuns: 600 },
    );
  });

  it('writes a report holding the place holder’s text as it is', () => {
    const base = real[0];
    const holderLike = `"ddex-check-list-0-${'0'.repeat(8)}"`;
    const report = { ...base, source: holderLike, checks: base.checks.map((c) => ({ ...c, message: holderLike })) };
    expect(validationReportJson(report, { longList: 0 })).toBe(exactReportJson(report));
    expect(validationReportJson(report, { longList: 0 })).toContain(JSON.stringify(holderLike));
  });
});

describe('fitTestOf', () => {
  it('declines schemas whose serializer JSON.stringify cannot match', () => {
    expect(fitTestOf({ type: 'array' })).toBeNull();
    expect(fitTestOf({ type: 'object', properties: { a: { type: 'object' } } })).toBeNull();
    expect(fitTestOf({ type: 'object', properties: { a: { type: 'string', default: 'x' } } })).toBeNull();
    expect(fitTestOf({ type: 'object', properties: { a: { type: 'string', format: 'date-time' } } })).toBeNull();
    expect(fitTestOf({ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: { type: 'string' } })).toBeNull();
  });

  it('fits an item in the serializer’s order only: required first, then the others, then extras', () => {
    const fits = fitTestOf({ type: 'object', required: ['b'], additionalProperties: true, properties: { a: { type: ['string', 'null'] }, b: { type: 'integer' } } })!;
    expect(fits({ b: 1, a: 'x', z: true })).toBe(true);
    expect(fits({ b: 1, a: null })).toBe(true);
    expect(fits({ a: 'x', b: 1 })).toBe(false);
    expect(fits({ b: 1.5 })).toBe(false);
    expect(fits({ a: 'x' })).toBe(false);
    expect(fits({ b: 1, z: true, a: 'x' })).toBe(false);
    expect(fits({ b: 1, z: { deep: 1 } })).toBe(false);
    const closed = fitTestOf({ type: 'object', properties: { a: { type: 'string' } } })!;
    expect(closed({ a: 'x' })).toBe(true);
    expect(closed({ a: 'x', z: 1 })).toBe(false);
    expect(closed({ a: null })).toBe(false);
  });
});
