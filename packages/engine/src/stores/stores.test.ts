/** The store mechanism end to end: store checks go to `report.stores`, base checks stay as they were, a store's verdict counts base errors that reject everywhere. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validate } from '../validate.js';
import { ConfigError } from '../rules/severity.js';
import { STORES } from './registry.js';
import { RULES } from '../rules/registry.js';
import { applyBaseline } from '../baseline/apply.js';
import { BaselineMatcher, baselineOf } from '../baseline/baseline.js';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../fixtures');
const ALBUM = path.join(fixtures, 'batches/album-43');
const strip = (r: { engine: unknown }) => ({ ...r, engine: null });

describe('store verdicts', () => {
  it('leaves the base report unchanged and adds one verdict per asked store', async () => {
    const plain = await validate(ALBUM, { media: false });
    const withStores = await validate(ALBUM, { media: false, stores: ['spotify', 'YouTube'] });
    expect(plain.stores).toBeUndefined();
    const { stores, ...base } = withStores;
    expect(strip(base)).toEqual(strip(plain));
    expect(Object.keys(stores!)).toEqual(['spotify', 'youtube']);
    for (const [id, verdict] of Object.entries(stores!)) {
      const profile = STORES.find((s) => s.id === id)!;
      // Every requirement is checked (a pass, a finding or a skip), and every check names its requirement.
      expect(new Set(verdict.checks.map((c) => c.requirement))).toEqual(new Set(profile.requirements.map((r) => r.id)));
      expect(verdict.checks.every((c) => !('store' in c))).toBe(true);
    }
    expect(withStores.checks.some((c) => c.requirement)).toBe(false);
  });

  it('with media, asking for stores measures the audio: the base report gains its information checks', async () => {
    const report = await validate(ALBUM, { stores: ['tiktok'] });
    const measured = report.checks.filter((c) => c.rule === 'audio-loudness-measured');
    expect(measured.map((c) => [c.resource, c.severity, c.message_id])).toEqual([['A1', 'info', 'measured'], ['A2', 'info', 'measured']]);
    // The album's tracks last 2 s: TikTok's 60-second minimum rejects them, its silence rule passes them.
    const tiktok = report.stores!.tiktok;
    expect(tiktok.checks.filter((c) => c.requirement === 'tiktok-audio-duration' && c.status === 'error').map((c) => c.resource)).toEqual(['A1', 'A2']);
    expect(tiktok.checks.filter((c) => c.requirement === 'tiktok-audio-silence').map((c) => c.status)).toEqual(['pass']);
  });

  it('a store requirement failing rejects for that store only', async () => {
    // The album fixture is addressed to PADPIDA2024010102Y, not YouTube; Spotify does not ask.
    const report = await validate(ALBUM, { media: false, stores: ['spotify', 'youtube'] });
    const youtube = report.stores!.youtube;
    expect(youtube.checks.filter((c) => c.status === 'error').map((c) => c.requirement)).toEqual(['youtube-recipient']);
    expect(youtube.verdict).toBe('would_be_rejected');
    // No BatchComplete in the fixture folder: Spotify rejects it too, for its own reason.
    expect(report.stores!.spotify.checks.filter((c) => c.status === 'error').map((c) => c.requirement)).toEqual(['spotify-batch-complete']);
  });

  it('a base error that rejects everywhere rejects for every store', async () => {
    const xml = readFileSync(path.join(ALBUM, '5012345678900.xml'), 'utf8').replace('<ReleaseList>', '<ReleaseList><Broken>');
    const report = await validate(Buffer.from(xml), { name: 'message.xml', media: false, stores: ['youtube'] });
    expect(report.verdict).toBe('would_be_rejected');
    expect(report.stores!.youtube.verdict).toBe('would_be_rejected');
    expect(report.stores!.youtube.base_errors).toContain('xml-well-formed');
  });

  it('a baseline that hides a base error no longer rejects the stores for it; their own findings stay', async () => {
    const xml = readFileSync(path.join(ALBUM, '5012345678900.xml'), 'utf8').replace('<ICPN>5012345678900</ICPN>', '<ICPN>5012345678901</ICPN>');
    const report = await validate(Buffer.from(xml), { name: 'message.xml', media: false, stores: ['spotify', 'youtube'] });
    expect(report.stores!.spotify.base_errors).toEqual(['codes-icpn-valid']);
    expect(report.stores!.spotify.verdict).toBe('would_be_rejected');
    const [applied] = applyBaseline([report], new BaselineMatcher(baselineOf([report], process.cwd()), process.cwd()));
    expect(applied.report.stores!.spotify.base_errors).toEqual([]);
    // Spotify's only other finding on a lone message is the missing BatchComplete, skipped: it would import.
    expect(applied.report.stores!.spotify.verdict).toBe('would_import');
    // YouTube's own finding (the recipient) is not the base's: it still rejects.
    expect(applied.report.stores!.youtube.verdict).toBe('would_be_rejected');
  });

  it('an unknown store is a configuration error naming the known ones', async () => {
    await expect(validate(ALBUM, { media: false, stores: ['spotfy'] })).rejects.toThrow(ConfigError);
    await expect(validate(ALBUM, { media: false, stores: ["spotfy"] })).rejects.toThrow(/known: spotify, youtube, tiktok/);
  });

  it('every requirement names a known rule, has a unique id and a dated source', () => {
    const ids = STORES.flatMap((s) => s.requirements.map((r) => r.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const store of STORES) {
      for (const r of store.requirements) {
        expect(RULES.some((rule) => rule.id === r.rule), `${r.id} -> ${r.rule}`).toBe(true);
        expect(r.id.startsWith(`${store.id}-`)).toBe(true);
        expect(r.source.url).toMatch(/^https:\/\//);
        expect(r.source.read).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(r.source.title.trim()).not.toBe('');
      }
    }
  });
});
