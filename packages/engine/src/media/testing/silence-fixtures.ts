/** Generated WAV files with silence at the ends, for the measurement tests (made with ffmpeg in a temp folder, never committed). */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ffmpegPath } from '../../../../../fixtures/scripts/make-media-fixtures.mjs';

/** A 44.1 kHz stereo 16-bit WAV: `lead` s of digital silence, `tone` s of a sine peaking at -9 dBFS, `tail` s of silence. */
export function silentEndsWav(lead: number, tone: number, tail: number): string {
  if (!(tone > 0) || !(lead >= 0) || !(tail >= 0) || lead + tone + tail > 90) throw new Error('silentEndsWav: a tone, and at most 90 s in all');
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'ddex-silence-')), `tone-${lead}-${tone}-${tail}.wav`);
  const inputs: string[] = [];
  const labels: string[] = [];
  // A silent source of 0 s would be endless (-t 0 is no limit): parts of no length are left out.
  if (lead > 0) {
    labels.push(`[${labels.length}]`);
    inputs.push('-f', 'lavfi', '-t', String(lead), '-i', 'anullsrc=r=44100:cl=stereo');
  }
  const toneIndex = labels.length;
  labels.push('[s]');
  inputs.push('-f', 'lavfi', '-i', `sine=f=440:r=44100:d=${tone}`);
  if (tail > 0) {
    labels.push(`[${labels.length}]`);
    inputs.push('-f', 'lavfi', '-t', String(tail), '-i', 'anullsrc=r=44100:cl=stereo');
  }
  // The sine source is -18 dBFS; times 4, less 3 dB when made stereo: -9 dBFS.
  const graph = `[${toneIndex}]volume=4,aformat=channel_layouts=stereo[s];${labels.join('')}concat=n=${labels.length}:v=0:a=1[a]`;
  execFileSync(ffmpegPath(), ['-hide_banner', '-y', '-v', 'error', ...inputs, '-filter_complex', graph, '-map', '[a]', '-t', String(lead + tone + tail), '-c:a', 'pcm_s16le', file], { timeout: 30_000 });
  return file;
}
