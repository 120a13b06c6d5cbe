/**
 * The intended defects named in the notes of ../shared/ddex/samples/INDEX.csv (missing deal, no
 * cover image, no main release, resource not referenced, takedown, purge...) are each caught by
 * a named rule: the sample must get a non-passing check from every rule listed here.
 */
import { describe, expect, it } from 'vitest';
import { validate } from '../validate.js';
import { readSampleIndex } from './sample-index.js';

const INTENDED: { sample: string; note: RegExp; rules: string[] }[] = [
  { sample: 'miqwit-dedex/006_zero_sound_recordings.xml', note: /no SoundRecording/, rules: ['release-primary-resource-present', 'release-reference-resolves'] },
  { sample: 'miqwit-dedex/007_zero_image.xml', note: /no Image/, rules: ['release-cover-art-present', 'release-reference-resolves'] },
  { sample: 'miqwit-dedex/009_no_main_release.xml', note: /no IsMainRelease/, rules: ['release-main-flagged'] },
  { sample: 'miqwit-dedex/011_one_resource_unused.xml', note: /resource not referenced/, rules: ['release-resource-referenced'] },
  { sample: 'miqwit-dedex/014_missing_deal.xml', note: /no Deal for a release/, rules: ['deals-track-release-covered'] },
  { sample: 'miqwit-dedex/005_not_valid_xsd.xml', note: /FakeTag/, rules: ['xml-schema-valid'] },
  { sample: 'miqwit-dedex/002_erroneous_xml.xml', note: /malformed/, rules: ['xml-well-formed'] },
  { sample: 'ddex-official-crt-ern382/Business Profiles Samples/LiveCycle_Takedown.xml', note: /takedown/, rules: ['deals-takedown'] },
  { sample: 'audius-ddex-processor/03_delete.xml', note: /PurgeReleaseMessage/, rules: ['deals-takedown'] },
  { sample: 'miqwit-dedex/017_purged_release.xml', note: /PurgeReleaseMessage/, rules: ['deals-takedown'] },
  { sample: 'originalworks-protocol/DDEX_messages/ERN_PurgeReleaseMessage_example.xml', note: /PurgeReleaseMessage/, rules: ['deals-takedown'] },
];

const rows = new Map(readSampleIndex().map((r) => [r.file, r]));

describe('intended defects of the sample corpus', () => {
  it.each(INTENDED.map((c) => [c.sample, c] as const))('%s', async (sample, c) => {
    const row = rows.get(sample);
    expect(row, 'sample listed in INDEX.csv').toBeDefined();
    expect(row!.notes).toMatch(c.note);
    const report = await validate(row!.path, { media: false, schemaEngine: 'libxml2' });
    const fired = new Set(report.checks.filter((k) => k.status === 'error' || k.status === 'warning').map((k) => k.rule));
    for (const rule of c.rules) expect(fired, `${rule} catches the intended defect`).toContain(rule);
  });

  it('the takedown and purge findings flag the delivery for staff', async () => {
    const report = await validate(rows.get('ddex-official-crt-ern382/Business Profiles Samples/LiveCycle_Takedown.xml')!.path, { media: false, schemaEngine: 'libxml2' });
    expect(report.checks.find((k) => k.rule === 'deals-takedown' && k.status === 'warning')?.needs_staff).toBe(true);
  });
});
