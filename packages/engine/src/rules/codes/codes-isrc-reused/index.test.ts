import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validate } from '../../../validate.js';
import { generateErn43 } from '../../../../../../bench/generate-ern43.mjs';
import { runRule } from '../../testing/rule-tester.js';
import { JsonCatalog } from '../../../catalog/json-catalog.js';
import type { Catalog, CatalogRecording } from '../../../catalog/types.js';
import { expectFindings } from '../../testing/pin.js';

const catalog = (isrc: string, memberId: string, title: string) => new JsonCatalog('member-1', [], [{ isrc, memberId, title }]);

/** A catalog of member-1 that holds `held` and answers only many ISRCs at once, noting each question in `asked`. */
const batchedCatalog = (held: CatalogRecording, asked: string[][]): Catalog => ({
  memberId: 'member-1',
  findRelease: async () => null,
  findRecording: async (): Promise<never> => {
    throw new Error('asked one by one');
  },
  findRecordings: async (isrcs: readonly string[]) => (asked.push([...isrcs]), new Map(isrcs.includes(held.isrc) ? [[held.isrc, held]] : [])),
});

describe('codes-isrc-reused', () => {
  it('passes without a catalog and for the same recording (same member, same title up to case and featuring)', async () => {
    expect((await runRule('codes-isrc-reused', { version: '4.3' })).findings).toEqual([]);
    expect((await runRule('codes-isrc-reused', { version: '4.3', catalog: catalog('GB-XYZ-26-00001', 'member-1', 'FIRST LIGHT (feat. Ann)') })).findings).toEqual([]);
  });
  it.each([
    ['4.3', 'GBXYZ2600001', 'A1', 'member-2', 'First Light', 'otherMember'],
    ['4.3', 'GBXYZ2600002', 'A2', 'member-1', 'Another Song', 'otherTitle'],
    ['3.8.2', 'GBXYZ2600011', 'A1', 'member-2', 'Tidewater', 'otherMember'],
    ['3.8.2', 'GBXYZ2600011', 'A1', 'member-1', 'Low Tide', 'otherTitle'],
  ] as const)('ERN %s: %s in the catalog for %s "%s"', async (version, isrc, resource, member, title, messageId) => {
    const run = await runRule('codes-isrc-reused', { version, catalog: catalog(isrc, member, title) });
    const path = version === '4.3' ? `/NewReleaseMessage/ResourceList/SoundRecording${resource === 'A2' ? '[2]' : ''}/SoundRecordingEdition/ResourceId/ISRC` : '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingId/ISRC';
    expectFindings(run, run.xml, [{ id: messageId, at: `<ISRC>${isrc}`, path }]);
    expect(run.findings[0]).toMatchObject({ status: 'warning', resource });
    // Another member's recording: neither its member nor its title is told.
    if (messageId === 'otherMember') expect(run.findings[0].message).not.toMatch(new RegExp(`${member}|${title}`));
  });

  it('asks a catalog for every ISRC at once when it can, and one by one when it cannot', async () => {
    const held = { isrc: 'GBXYZ2600002', memberId: 'member-2', title: 'Another Song' };
    const asked: string[][] = [];
    const batched = batchedCatalog(held, asked);
    const single: string[] = [];
    const oneByOne = { memberId: 'member-1', findRelease: async () => null, findRecording: async (isrc: string) => (single.push(isrc), isrc === held.isrc ? held : null) };
    const byBatch = await runRule('codes-isrc-reused', { version: '4.3', catalog: batched });
    const bySingle = await runRule('codes-isrc-reused', { version: '4.3', catalog: oneByOne });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toEqual(single);
    expect(asked[0]).toContain(held.isrc);
    const pinned = [{ id: 'otherMember', at: `<ISRC>${held.isrc}`, path: '/NewReleaseMessage/ResourceList/SoundRecording[2]/SoundRecordingEdition/ResourceId/ISRC' }];
    expectFindings(byBatch, byBatch.xml, pinned);
    expectFindings(bySingle, bySingle.xml, pinned);
    expect(byBatch.findings).toEqual(bySingle.findings);
    expect(byBatch.findings[0]).toMatchObject({ resource: 'A2' });
  });

  it('asks for a catalog\'s thousands of ISRCs a few thousand at a time, every one once, in order (kept as bytes or not)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'isrc-reused-'));
    try {
      const file = path.join(dir, 'catalog.xml');
      await generateErn43(file, 11e6);
      const declared = [...readFileSync(file, 'utf8').matchAll(/<ISRC>(\w+)</g)].map((m) => m[1]);
      expect(declared.length).toBeGreaterThan(4000);
      const last = declared.at(-1)!;
      for (const recordStore of [false, true]) {
        const asked: string[][] = [];
        const catalog = batchedCatalog({ isrc: last, memberId: 'member-2' }, asked);
        const report = await validate(file, { media: false, recordStore, catalog });
        expect(asked.length).toBe(Math.ceil(declared.length / 2000));
        expect(Math.max(...asked.map((a) => a.length))).toBeLessThanOrEqual(2000);
        expect(asked.flat()).toEqual(declared);
        const found = report.checks.filter((c) => c.rule === 'codes-isrc-reused' && c.status !== 'pass');
        expect(found.map((c) => [c.message_id, c.resource, c.status])).toEqual([['otherMember', `A${declared.length}`, 'warning']]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
