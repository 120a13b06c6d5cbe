import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { validate } from '../validate.js';
import { generateErn43 } from '../../../../bench/generate-ern43.mjs';
import { buildReport, isCatalogRelease } from './build.js';
import type { WouldCreate } from './types.js';
import type { ErnMessage } from '../ern/model.js';
import { readSample, readXml } from '../ern/testing/read-message.js';
import { sampleRows } from '../ern/testing/sample-rows.js';

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

  it('leaves the recordings unlisted when asked (recordings: false), and judges the releases the same', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ddex-unlisted-'));
    writeFileSync(path.join(dir, 'message.xml'), base);
    const listed = await validate(dir, { media: false });
    const unlisted = await validate(dir, { media: false, recordings: false });
    expect(listed.would_create.recordings.map((r) => r.reference)).toEqual(['A1', 'A2']);
    expect(unlisted.would_create.recordings).toEqual([]);
    const judged = (r: typeof listed) => ({ verdict: r.verdict, summary: r.summary, releases: r.releases, created: r.would_create.releases, artists: r.would_create.artists, checks: r.checks });
    expect(judged(unlisted)).toEqual(judged(listed));
    expect(unlisted.releases.map((r) => r.outcome)).toEqual(['created']);
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
    // The message's tracks, counted by kind.
    expect(report.messages[0].tracks).toBe(declared.length);
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

/** The recordings the report lists, worked out the plain way: for each created release, every sound recording of its resource and track lists (by reference) not listed before. */
function recordingsByDefinition(m: ErnMessage, file: string): WouldCreate['recordings'] {
  const out: WouldCreate['recordings'] = [];
  const listed = new Set<string>();
  for (const release of m.releases) {
    if (!isCatalogRelease(release)) continue;
    const held = new Set([...release.resourceReferences.map((r) => r.value), ...Array.from(release.tracks, (t) => t.resourceReference.value)]);
    for (const resource of m.resources) {
      const ref = resource.reference?.value;
      if (resource.kind !== 'SoundRecording' || ref === undefined || !held.has(ref) || listed.has(ref)) continue;
      listed.add(ref);
      out.push({ file, release: release.reference?.value ?? '', reference: ref, title: resource.titles[0]?.text ?? null, isrc: resource.isrc?.value ?? null });
    }
  }
  return out;
}

function reportOf(m: ErnMessage, file: string) {
  const summary = { file, ern_version: null, root: null, message_id: null, sender: null, created: null, releases: 0, resources: 0, tracks: 0, deals: 0, rejected: false };
  return buildReport({ source: file, checks: [], messages: [{ file, message: m, summary, updates: new Set() }], engine: { version: '0', schema_engine: 'x', started_at: '', duration_ms: 0 } });
}

describe('the recordings would be created', () => {
  const rows = sampleRows().filter((r) => /^ern-(3\.7|3\.8|4\.1|4\.2|4\.3)(\.\d)?$/.test(r.xsdSet) && r.xmllint !== 'not-wellformed');

  it.each(rows.map((r) => [r.file] as const))('are those of the plain definition, kept as bytes and as objects: %s', async (file) => {
    for (const store of [true, false]) {
      const { message: m } = await readSample(file, undefined, store);
      expect(reportOf(m, file).would_create.recordings).toEqual(recordingsByDefinition(m, file));
    }
  });

  it('come once, under the first release that holds each, when a reference is declared twice, by an image first, or is empty', async () => {
    const recording = (ref: string, title: string) => `<SoundRecording><ResourceReference>${ref}</ResourceReference><Type>MusicalWorkSoundRecording</Type><DisplayTitleText>${title}</DisplayTitleText></SoundRecording>`;
    const image = (ref: string) => `<Image><ResourceReference>${ref}</ResourceReference><Type>FrontCoverImage</Type></Image>`;
    const album = (ref: string, tracks: string[]) =>
      `<Release><ReleaseReference>${ref}</ReleaseReference><ReleaseType>Album</ReleaseType><ResourceGroup>${tracks.map((t) => `<ResourceGroupContentItem><ReleaseResourceReference>${t}</ReleaseResourceReference></ResourceGroupContentItem>`).join('')}</ResourceGroup></Release>`;
    const xml =
      `<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/43"><ResourceList>${image('A3')}${recording('A1', 'One')}${recording('A2', 'Two')}${recording('A3', 'Three')}${recording('A1', 'One again')}${recording('', 'Blank')}${recording('A4', 'Four')}</ResourceList>` +
      `<ReleaseList>${album('R0', ['A2', 'A3', ''])}${album('R1', ['A4', 'A1', 'A2'])}</ReleaseList></ern:NewReleaseMessage>`;
    for (const store of [true, false]) {
      const { message: m } = await readXml(xml, undefined, store);
      const recordings = reportOf(m, 'm.xml').would_create.recordings;
      expect(recordings.map((r) => [r.release, r.reference, r.title])).toEqual([
        ['R0', 'A2', 'Two'],
        // A3's first record is an image: its sound recording is the one listed.
        ['R0', 'A3', 'Three'],
        ['R0', '', 'Blank'],
        ['R1', 'A1', 'One'],
        ['R1', 'A4', 'Four'],
      ]);
      expect(recordings).toEqual(recordingsByDefinition(m, 'm.xml'));
    }
  });
});
