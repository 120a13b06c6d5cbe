import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ffmpegPath } from '../../../../fixtures/scripts/make-media-fixtures.mjs';
import { errorLines, parseMeasurement, startMeasure } from './measure-audio.js';
import { silentEndsWav as silentEnds } from './testing/silence-fixtures.js';

describe('audio measurements (one ffmpeg decode)', () => {
  it('measures leading and trailing silence, loudness and true peak, from a path or from stdin', async () => {
    const file = silentEnds(2, 3, 1.5);
    for (const input of [{ path: file }, 'stdin'] as const) {
      const run = startMeasure(ffmpegPath(), input);
      run.stdin?.end(readFileSync(file));
      const result = await run.done;
      const m = parseMeasurement(result)!;
      expect(m.leadingSilence).toBeCloseTo(2, 1);
      expect(m.trailingSilence).toBeCloseTo(1.5, 1);
      expect(m.decodedSeconds).toBeCloseTo(6.5, 1);
      expect(m.integratedLufs).not.toBeNull();
      expect(m.integratedLufs!).toBeLessThan(-8);
      expect(m.integratedLufs!).toBeGreaterThan(-16);
      // The sine peaks at -9 dBFS: its true peak is there too.
      expect(m.truePeakDbtp!).toBeCloseTo(-9, 0);
      expect(errorLines(result.stderr)).toBe('');
    }
  });

  it('audio that starts and ends at once has no silence', async () => {
    const run = startMeasure(ffmpegPath(), { path: silentEnds(0.01, 2, 0.01) });
    const m = parseMeasurement(await run.done)!;
    expect(m.leadingSilence).toBe(0);
    expect(m.trailingSilence).toBe(0);
  });

  it('bytes that are not audio give no measurement and an error line, without throwing', async () => {
    const run = startMeasure(ffmpegPath(), 'stdin');
    run.stdin?.end(Buffer.from('not audio at all, just text'.repeat(100)));
    const result = await run.done;
    expect(parseMeasurement(result)).toBeNull();
    expect(errorLines(result.stderr)).not.toBe('');
  });
});
