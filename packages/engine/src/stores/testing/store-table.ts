/**
 * Table tests of a store profile: per requirement a batch that passes it and a batch that fails
 * it, each validated with the store asked for; the requirement's own checks decide, so a case
 * proves the profile's data (rule, options, profile patch, severity) and not only the rule.
 */
import { rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { makeMediaBatch, type MediaBatchSpec } from '../../media/testing/media-batch.js';
import { validate } from '../../validate.js';
import { STORES } from '../registry.js';

export interface RequirementCase {
  requirement: string;
  pass: MediaBatchSpec;
  fail: MediaBatchSpec;
  /** Status the failing batch gets (default error). */
  failStatus?: 'error' | 'warning';
}

async function requirementChecks(store: string, requirement: string, spec: MediaBatchSpec) {
  const batch = await makeMediaBatch(spec);
  try {
    const report = await validate(batch.input, { stores: [store] });
    return report.stores![store].checks.filter((c) => c.requirement === requirement);
  } finally {
    await rm(batch.dir, { recursive: true, force: true });
  }
}

export function storeTable(storeId: string, cases: RequirementCase[]): void {
  const store = STORES.find((s) => s.id === storeId)!;
  describe(`${store.name} profile`, () => {
    it('has a case for every requirement', () => {
      expect(cases.map((c) => c.requirement).sort()).toEqual(store.requirements.map((r) => r.id).sort());
    });
    for (const c of cases) {
      it(`${c.requirement}: a batch that meets it passes`, async () => {
        const checks = await requirementChecks(storeId, c.requirement, c.pass);
        expect(checks.length).toBeGreaterThan(0);
        expect(checks.filter((k) => k.status !== 'pass').map((k) => k.message)).toEqual([]);
      });
      it(`${c.requirement}: a batch that breaks it fails`, async () => {
        const checks = await requirementChecks(storeId, c.requirement, c.fail);
        const failing = checks.filter((k) => k.status !== 'pass');
        expect(failing.length, JSON.stringify(checks.map((k) => k.message))).toBeGreaterThan(0);
        expect(failing.every((k) => k.status === (c.failStatus ?? 'error'))).toBe(true);
      });
    }
  });
}
