/**
 * Every in-scope sample (xsd_set ern-3.7 .. ern-4.3, including the 3.7.1 / 4.1.1 patch sets) that
 * is well-formed reads without a listener failure into a non-empty model.
 */
import { describe, expect, it } from 'vitest';
import { readSample } from './testing/read-message.js';
import { sampleRows } from './testing/sample-rows.js';

const IN_SCOPE = /^ern-(3\.7|3\.8|4\.1|4\.2|4\.3)(\.\d)?$/;
const rows = sampleRows().filter((r) => IN_SCOPE.test(r.xsdSet) && r.xmllint !== 'not-wellformed');

describe('reading every in-scope sample', () => {
  it('finds the samples', () => {
    expect(rows.length).toBeGreaterThan(90);
  });

  it.each(rows.map((r) => [r.file, r] as const))('%s', async (_file, row) => {
    const { message: m, pass } = await readSample(row.file);
    expect(pass.fatal).toBeNull();
    expect(pass.listenerFailures).toEqual([]);
    expect(m.root).toBe(row.root);
    if (row.root === 'NewReleaseMessage') {
      if (row.xmllint === 'valid') {
        // The XSDs require a release; resources may be an empty list only in the business-profile samples.
        expect(m.releases.length).toBeGreaterThan(0);
        if (!row.file.includes('Business Profiles')) expect(m.resources.length).toBeGreaterThan(0);
      } else {
        expect(m.releases.length + m.resources.length + (m.header.messageId ? 1 : 0)).toBeGreaterThan(0);
      }
      for (const r of m.releases) expect(m.locations.loc(r.loc).path.startsWith('/NewReleaseMessage/ReleaseList/')).toBe(true);
      for (const ref of m.unresolvedReferences) expect(ref.line).toBeGreaterThan(0);
    }
    if (row.root === 'PurgeReleaseMessage') expect(m.purgedReleases.length).toBeGreaterThan(0);
    // Every track entry and deal reference carries a location.
    for (const r of m.releases) for (const t of r.tracks) expect(t.resourceReference.path).toContain('ResourceGroupContentItem');
    for (const d of m.deals) for (const ref of d.releaseReferences) expect(ref.path).toContain('DealReleaseReference');
  });
});
