import { closeSync, mkdtempSync, openSync, writeSync, ftruncateSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { silentEndsWav } from '../media/testing/silence-fixtures.js';
import { storeTable } from './testing/store-table.js';

const AS_WAV = [['<FileName>01_tidewater.flac</FileName>', '<FileName>01_tidewater.wav</FileName>']] as const;
const wav382 = (file: string, fixHashes = true) => ({ version: '3.8.2' as const, edits: AS_WAV, files: { 'resources/01_tidewater.flac': null, 'resources/01_tidewater.wav': file }, fixHashes });
const cover = (fixture: string) => ({ version: '3.8.2' as const, files: { 'resources/cover.jpg': fixture } });

/** A PCM WAV of 201 MiB of silence: the header written, the rest a hole in the file (sparse, nothing stored until copied). */
function wavOver200MiB(): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'ddex-big-')), 'big.wav');
  const dataBytes = 201 * 1024 * 1024;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0); header.writeUInt32LE(36 + dataBytes, 4); header.write('WAVE', 8);
  header.write('fmt ', 12); header.writeUInt32LE(16, 16); header.writeUInt16LE(1, 20); header.writeUInt16LE(2, 22);
  header.writeUInt32LE(44100, 24); header.writeUInt32LE(44100 * 4, 28); header.writeUInt16LE(4, 32); header.writeUInt16LE(16, 34);
  header.write('data', 36); header.writeUInt32LE(dataBytes, 40);
  const fd = openSync(file, 'w');
  writeSync(fd, header);
  ftruncateSync(fd, 44 + dataBytes);
  closeSync(fd);
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
