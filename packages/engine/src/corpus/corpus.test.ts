/**
 * The engine over the sample corpus (../shared/ddex/samples/INDEX.csv): schema verdicts agree with
 * libxml2's column, and schema-valid samples get errors only for the real defects listed in
 * known-defects.ts (each listed defect must still be found).
 */
import { describe, expect, it } from 'vitest';
import { validate } from '../validate.js';
import { IN_SCOPE_SETS, readSampleIndex } from './sample-index.js';
import { IDENTITY_MESSAGE, KNOWN_DEFECTS, knownDefectsOf } from './known-defects.js';
import type { Report } from '../report/types.js';

const rows = readSampleIndex().filter((r) => IN_SCOPE_SETS.has(r.xsd_set) && (r.xmllint_result === 'valid' || r.xmllint_result === 'invalid'));
const reports = new Map<string, Report>();

async function reportOf(file: string, path: string): Promise<Report> {
  if (!reports.has(file)) reports.set(file, await validate(path, { media: false }));
  return reports.get(file)!;
}

describe('sample corpus', () => {
  it('covers the in-scope samples', () => {
    expect(rows.length).toBeGreaterThan(90);
  });

  it.each(rows.map((r) => [r.file, r] as const))('%s', async (file, row) => {
    const report = await reportOf(file, row.path);
    const errors = report.checks.filter((c) => c.status === 'error');
    const schemaErrors = errors.filter((c) => c.rule === 'xml-schema-valid' || c.rule === 'xml-well-formed' || c.rule === 'xml-version-supported');
    expect(report.checks.filter((c) => c.status === 'skipped'), 'nothing skipped').toEqual([]);
    if (row.xmllint_result === 'invalid') {
      expect(schemaErrors.length, 'libxml2 says invalid').toBeGreaterThan(0);
      expect(report.verdict).toBe('would_be_rejected');
      return;
    }
    const documented = knownDefectsOf(file);
    // libxml2 says valid: schema errors are allowed only as documented ID/IDREF findings (XSD cvc-id on element content).
    const unexplained = schemaErrors.filter((c) => !(documented.has('xml-schema-valid') && c.rule === 'xml-schema-valid' && IDENTITY_MESSAGE.test(c.message)));
    expect(unexplained, 'libxml2 says valid').toEqual([]);
    const found = new Set(errors.map((c) => c.rule));
    expect([...found].filter((r) => !documented.has(r)), 'undocumented errors on a valid sample').toEqual([]);
    expect([...documented].filter((r) => !found.has(r)), 'documented defects no longer found').toEqual([]);
  });

  it('lists no defect for a sample that is not in the corpus', () => {
    const files = new Set(rows.map((r) => r.file));
    for (const entry of KNOWN_DEFECTS) {
      const exists = entry.sample.endsWith('/') ? rows.some((r) => r.file.startsWith(entry.sample)) : files.has(entry.sample);
      expect(exists, entry.sample).toBe(true);
    }
  });
});
