import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { validate } from '../validate.js';
import { generateErn43 } from '../../../../bench/generate-ern43.mjs';

const base = readFileSync(path.resolve(__dirname, '../../../../fixtures/batches/album-43/5012345678900.xml'), 'utf8');

describe('report builder', () => {
  it('judges each message of a batch on its own, though both call their release R0', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ddex-two-'));
    mkdirSync(path.join(dir, 'good'));
    mkdirSync(path.join(dir, 'bad'));
    writeFileSync(path.join(dir, 'good/message.xml'), base);
    writeFileSync(path.join(dir, 'bad/message.xml'), base.replace('<ICPN>5012345678900</ICPN>', '<ICPN>5012345678901</ICPN>'));
    const report = await validate(dir, { media: false });
    expect(report.summary.messages).toBe(2);
    const outcome = (file: string) => report.releases.find((r) => r.file === file)?.outcome;
    expect(outcome('good/message.xml')).toBe('created');
    expect(outcome('bad/message.xml')).toBe('left_out');
    expect(report.verdict).toBe('would_be_rejected');
    expect(report.would_create.releases.map((r) => r.file)).toEqual(['good/message.xml']);
    expect(report.would_create.recordings.map((r) => [r.file, r.release, r.reference, r.isrc])).toEqual([
      ['good/message.xml', 'R0', 'A1', 'GBXYZ2600001'],
      ['good/message.xml', 'R0', 'A2', 'GBXYZ2600002'],
    ]);
    expect(report.would_create.artists.map((a) => a.name)).toEqual(['The Lamplighters']);
  });

  it('lists a recording once when two created albums hold it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ddex-shared-'));
    const album = base.slice(base.indexOf('    <Release>'), base.indexOf('    </Release>') + '    </Release>\n'.length);
    // A second album (its own reference, UPC and deal) with the same tracks.
    const second = album.replace('<ReleaseReference>R0</ReleaseReference>', '<ReleaseReference>R9</ReleaseReference>').replace('<ICPN>5012345678900</ICPN>', '<ICPN>5012345678917</ICPN>');
    const deal = base.slice(base.indexOf('    <ReleaseDeal>'), base.indexOf('    </ReleaseDeal>') + '    </ReleaseDeal>\n'.length);
    const xml = base.replace('  </ReleaseList>', `${second}  </ReleaseList>`).replace('  </DealList>', `${deal.replace('<DealReleaseReference>R0</DealReleaseReference>', '<DealReleaseReference>R9</DealReleaseReference>').replace(/\s*<DealReleaseReference>R[12]<\/DealReleaseReference>/g, '')}  </DealList>`);
    expect(xml).toContain('<ReleaseReference>R9</ReleaseReference>');
    writeFileSync(path.join(dir, 'message.xml'), xml);
    const report = await validate(dir, { media: false, rules: { 'xml-schema-valid': 'off' } });
    expect(report.would_create.releases.map((r) => r.reference)).toEqual(['R0', 'R9']);
    expect(report.would_create.recordings.map((r) => [r.release, r.reference])).toEqual([
      ['R0', 'A1'],
      ['R0', 'A2'],
    ]);
  });

  it.each([true, false])('lists every recording of a catalog album once, in the ResourceList\'s order (kept as bytes: %s)', async (recordStore) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ddex-catalog-'));
    const file = path.join(dir, 'catalog.xml');
    await generateErn43(file, 3e6);
    const xml = readFileSync(file, 'utf8');
    const declared = [...xml.matchAll(/<SoundRecording>\s*<ResourceReference>(A\d+)</g)].map((m) => m[1]);
    // Long enough to be a list of its own when kept as bytes, whose numbers are worked out once and kept (MessageIndex.trackFacts).
    expect(declared.length).toBeGreaterThan(1000);
    const report = await validate(file, { media: false, recordStore });
    expect(report.verdict).toBe('would_import');
    const album = report.would_create.recordings.filter((r) => r.release === 'R0');
    expect(album.map((r) => r.reference)).toEqual(declared);
    // Each track release holds its one recording, already listed with the album.
    expect(report.would_create.recordings).toHaveLength(declared.length);
  }, 60_000);

  it('counts a track-release error against the album that holds the track', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ddex-track-'));
    // R1 (the track release of A1) names a label party that does not exist.
    const xml = base.replace('<ReleaseResourceReference>A1</ReleaseResourceReference>\n      <ReleaseLabelReference>PLabel1</ReleaseLabelReference>', '<ReleaseResourceReference>A1</ReleaseResourceReference>\n      <ReleaseLabelReference>PNobody</ReleaseLabelReference>');
    expect(xml).not.toBe(base);
    writeFileSync(path.join(dir, 'message.xml'), xml);
    const report = await validate(dir, { media: false, rules: { 'xml-schema-valid': 'off' } });
    const finding = report.checks.find((c) => c.rule === 'release-reference-resolves' && c.status === 'error');
    expect(finding?.release).toBe('R1');
    expect(report.releases).toEqual([expect.objectContaining({ reference: 'R0', outcome: 'left_out', errors: 1 })]);
  });
});
