import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect } from 'vitest';
import { silentEndsWav } from '../media/testing/silence-fixtures.js';
import { storeTable } from './testing/store-table.js';

const AS_WAV = [['<FileName>01_tidewater.flac</FileName>', '<FileName>01_tidewater.wav</FileName>']] as const;
const wav382 = (file: string, fixHashes = true) => ({ version: '3.8.2' as const, edits: AS_WAV, files: { 'resources/01_tidewater.flac': null, 'resources/01_tidewater.wav': file }, fixHashes });
const bigDir = mkdtempSync(path.join(os.tmpdir(), 'ddex-big-'));
afterAll(() => rmSync(bigDir, { recursive: true, force: true }));
const cover = (fixture: string) => ({ version: '3.8.2' as const, files: { 'resources/cover.jpg': fixture } });

/**
 * A PCM WAV file of 201 MiB: one second of silence after a 201 MiB JUNK chunk (RIFF's padding
 * chunk, skipped by every reader), the chunk a hole in the file (sparse, nothing stored until
 * copied). Over TikTok's size limit, yet one second to decode: 201 MiB of audio (20 minutes) took
 * the loudness and true-peak measurement about 20 s.
 */
function wavOver200MiB(): string {
  const file = path.join(bigDir, 'big.wav');
  const junkBytes = 201 * 1024 * 1024;
  const dataBytes = 44100 * 4;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0); header.writeUInt32LE(4 + 24 + 8 + junkBytes + 8 + dataBytes, 4); header.write('WAVE', 8);
  header.write('fmt ', 12); header.writeUInt32LE(16, 16); header.writeUInt16LE(1, 20); header.writeUInt16LE(2, 22);
  header.writeUInt32LE(44100, 24); header.writeUInt32LE(44100 * 4, 28); header.writeUInt16LE(4, 32); header.writeUInt16LE(16, 34);
  header.write('JUNK', 36); header.writeUInt32LE(junkBytes, 40);
  const data = Buffer.alloc(8 + dataBytes);
  data.write('data', 0); data.writeUInt32LE(dataBytes, 4);
  const fd = openSync(file, 'w');
  writeSync(fd, header, 0, 44, 0);
  writeSync(fd, data, 0, data.length, 44 + junkBytes);
  closeSync(fd);
  expect(statSync(file).size).toBeGreaterThan(200 * 1024 * 1024);
  return file;
}

// 61 s of tone, no silence at the ends: TikTok's length, size and silence rules all pass it.
const full = () => wav382(silentEndsWav(0.01, 61, 0.01));

storeTable('tiktok', [
  { requirement: 'tiktok-audio-format', pass: wav382('tone-44k-16-stereo.wav'), fail: wav382('tone-44k-8-mono.wav') },
  { requirement: 'tiktok-audio-size', pass: full(), fail: wav382(wavOver200MiB(), false) },
  { requirement: 'tiktok-audio-duration', pass: full(), fail: wav382('tone-44k-16-stereo.wav') },
  { requirement: 'tiktok-audio-silence', pass: full(), fail: wav382(silentEndsWav(6, 1, 0)) },
  { requirement: 'tiktok-cover-size', pass: cover('cover-2000.jpg'), fail: cover('cover-1000.jpg') },
  { requirement: 'tiktok-cover-format', pass: cover('cover-3000.png'), fail: cover('cover-3000.webp') },
]);
