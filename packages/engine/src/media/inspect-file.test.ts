import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wavTone } from '../../../../fixtures/scripts/make-media-fixtures.mjs';
import { mediaFixtures } from './testing/media-batch.js';
import type { DigestName } from './hash-algorithms.js';
import { inspectFile, type FilePlan, type InspectSettings } from './inspect-file.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ddex-check-inspect-file-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const settings: InspectSettings = {
  deep: false,
  imageCap: 64 * 1024 * 1024,
  tools: { ffprobe: () => ({ found: false, reason: 'not in this test' }), ffmpeg: () => ({ found: false, reason: 'not in this test' }) },
};

/** A plan over a file on disk whose entry stream counts the bytes the inspection takes from it. */
function countedPlan(file: string, digests: DigestName[]): { plan: FilePlan; taken: () => number } {
  let taken = 0;
  const size = readFileSync(file).length;
  const open = async (): Promise<Readable> => {
    const out = new PassThrough({ highWaterMark: 1 << 20 });
    const source = createReadStream(file, { highWaterMark: 1 << 20 });
    source.on('data', (chunk: Buffer) => {
      taken += chunk.length;
      if (!out.write(chunk)) source.pause();
    });
    out.on('drain', () => source.resume());
    out.on('close', () => source.destroy());
    source.on('end', () => out.end());
    return out;
  };
  return { plan: { entry: { path: path.basename(file), size, open }, digests: new Set(digests), roles: new Set(['audio']), localPath: file }, taken: () => taken };
}

describe('inspectFile', () => {
  it('reads only the head and the tail of a WAV on disk when nothing needs its middle', async () => {
    const file = path.join(dir, 'long.wav');
    await writeFile(file, wavTone({ seconds: 60 })); // 10.6 MB
    const { plan, taken } = countedPlan(file, []);
    const facts = await inspectFile(plan, settings);
    expect(facts.error).toBeUndefined();
    expect(facts.size).toBe(plan.entry.size);
    expect(facts.audio).toMatchObject({ sampleRate: 44100, channels: 2, problems: [] });
    expect(taken()).toBeLessThan(3 * 1024 * 1024);
  });

  it('reads the whole file when it hashes it here, and still finds a FLAC cut short from its tail', async () => {
    const flac = readFileSync((await mediaFixtures())['tone-44k-16-stereo-10s.flac']);
    const file = path.join(dir, 'cut.flac');
    await writeFile(file, flac.subarray(0, flac.length - 3000));
    const hashed = countedPlan(file, ['sha256']);
    const facts = await inspectFile(hashed.plan, settings);
    expect(hashed.taken()).toBe(hashed.plan.entry.size);
    expect(facts.hashes.sha256).toBe(createHash('sha256').update(flac.subarray(0, flac.length - 3000)).digest('hex'));
    const skipped = countedPlan(file, []);
    const tailOnly = await inspectFile(skipped.plan, settings);
    expect(tailOnly.audio?.problems).toEqual(facts.audio?.problems);
    expect(tailOnly.audio?.problems.join(' ')).toMatch(/incomplete|truncated/);
  });
});
