import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inTimestampOrder, timestampOf } from './message-order.js';
import { validate } from '../validate.js';

const fixtures = path.resolve(__dirname, '../../../../fixtures');

describe('message order of a batch', () => {
  it('reads xs:dateTime with and without a zone (no zone is UTC, not local time)', () => {
    expect(timestampOf('2026-11-01T10:00:00Z')).toBe(Date.UTC(2026, 10, 1, 10));
    expect(timestampOf('2026-11-01T10:00:00')).toBe(Date.UTC(2026, 10, 1, 10));
    expect(timestampOf('2026-11-01T11:00:00+01:00')).toBe(Date.UTC(2026, 10, 1, 10));
    expect(timestampOf('yesterday')).toBeNull();
    expect(timestampOf(null)).toBeNull();
  });

  it('sorts by timestamp, keeps ties in path order, and leaves the order alone when one is missing', () => {
    const items = [{ f: 'a', t: '2026-01-02T00:00:00Z' }, { f: 'b', t: '2026-01-01T00:00:00Z' }, { f: 'c', t: '2026-01-01T00:00:00Z' }];
    expect(inTimestampOrder(items, (i) => i.t).map((i) => i.f)).toEqual(['b', 'c', 'a']);
    expect(inTimestampOrder([...items, { f: 'd', t: '' }], (i) => i.t).map((i) => i.f)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('a batch whose second file was made first is processed (and reported) in timestamp order', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ddex-order-'));
    try {
      const album = await readFile(path.join(fixtures, 'batches/album-43/5012345678900.xml'), 'utf8');
      const single = await readFile(path.join(fixtures, 'messages/single-382.xml'), 'utf8');
      await writeFile(path.join(dir, 'a-album.xml'), album.replace('2026-11-01T10:00:00Z', '2026-11-02T10:00:00Z'));
      await writeFile(path.join(dir, 'b-single.xml'), single);
      await cp(path.join(fixtures, 'batches/album-43/resources'), path.join(dir, 'resources'), { recursive: true });
      const report = await validate(dir, { media: false });
      expect(report.messages.map((m) => m.file)).toEqual(['b-single.xml', 'a-album.xml']);
      expect(report.releases.map((r) => r.file)).toEqual(['b-single.xml', 'a-album.xml']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
