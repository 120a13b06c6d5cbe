import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { wavTone } from '../../../../fixtures/scripts/make-media-fixtures.mjs';
import { sniff } from './sniff.js';
import { imageFactsOf } from './probe-image.js';
import { inspectFile } from './inspect-file.js';

// A broken installation: the native image library and the metadata library fail to load.
vi.mock('./libraries.js', () => ({
  loadSharp: () => Promise.reject(new Error('libvips-cpp.so: cannot open shared object file')),
  loadMusicMetadata: () => Promise.reject(new Error('Cannot find module music-metadata')),
  preloadMediaLibraries: () => {},
}));

const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d49484452000000100000001008060000001ff3ff61', 'hex');

describe('media libraries that do not load', () => {
  it('give the image a problem that names the library and the fix, not a crash', async () => {
    const image = await imageFactsOf({ path: 'cover.png', bytes: PNG_HEAD, complete: true, tail: PNG_HEAD, sniffed: sniff(PNG_HEAD), deep: false });
    expect(image.format).toBe('png');
    expect(image.problems.join(' ')).toMatch(/image library \(sharp\) did not load \(libvips.*\); reinstall ddex-check/);
  });

  it('still read a WAV with our own parser, the metadata error naming the library', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ddex-check-libs-'));
    try {
      const file = path.join(dir, 'a.wav');
      const bytes = wavTone({ seconds: 1 });
      await writeFile(file, bytes);
      const facts = await inspectFile(
        { entry: { path: 'a.wav', size: bytes.length, open: async () => createReadStream(file) }, digests: new Set(), roles: new Set(['audio']), localPath: null },
        { deep: false, imageCap: 1 << 26, tools: { ffprobe: () => ({ found: false, reason: 'x' }), ffmpeg: () => ({ found: false, reason: 'x' }) } },
      );
      expect(facts.error).toBeUndefined();
      expect(facts.audio).toMatchObject({ sampleRate: 44100, channels: 2 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
