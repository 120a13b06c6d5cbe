import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { candidatePaths, isRemoteReference } from './resolve.js';
import { sniff } from './sniff.js';
import { readWavHeader } from './wav-header.js';
import { checkFlacTail, readStreamInfo } from './flac-check.js';
import { locateTool } from './tools.js';
import { mediaFixtures } from './testing/media-batch.js';
import { wavTone } from '../../../../fixtures/scripts/make-media-fixtures.mjs';
import type { ResourceFile } from '../ern/model.js';

const ref = (uri: string): ResourceFile => ({ uri, fileName: null, filePath: null, hash: null, declaredSize: null, loc: { line: 1, column: 1, path: '' } });

describe('media building blocks', () => {
  it('resolves references relative to the message, NFC, percent-encoded, backslashes, leading slash', () => {
    expect(candidatePaths(ref('resources/01.flac'), 'A/B/m.xml')).toEqual(['A/B/resources/01.flac']);
    expect(candidatePaths(ref('../x.wav'), 'A/m.xml')).toEqual(['x.wav']);
    expect(candidatePaths(ref('../../x.wav'), 'm.xml')).toEqual([]);
    expect(candidatePaths(ref('My%20Song.wav'), 'm.xml')).toEqual(['My%20Song.wav', 'My Song.wav']);
    expect(candidatePaths(ref('res\\Cafe\u0301.wav'), 'm.xml')).toEqual(['res/Caf\u00e9.wav']);
    expect(candidatePaths(ref('/123/res/a.wav'), '123/m.xml')).toEqual(['123/res/a.wav', 'res/a.wav']);
    expect(isRemoteReference(ref('https://x.org/a.wav'))).toBe(true);
    expect(isRemoteReference(ref('bafybeigdyrztfdtymg4vwyoklvgv27bmwypc33m2gw4npyulohj2bkq6za'))).toBe(true);
    expect(isRemoteReference(ref('file:///tmp/a.wav'))).toBe(false);
    expect(isRemoteReference(ref('resources/a.wav'))).toBe(false);
  });

  it('sniffs content whatever the name says', async () => {
    const f = await mediaFixtures();
    const kind = (name: string) => sniff(readFileSync(f[name]).subarray(0, 65536)).format;
    expect(['tone-44k-16-stereo.flac', 'mp3-renamed.wav', 'tone-96k-24-stereo-ext.wav', 'cover-3000.png', 'cover-3000.webp', 'clip-1280x720.mp4', 'clip-1280x720.avi', 'text.jpg', 'random.wav', 'empty.flac'].map(kind)).toEqual(['flac', 'mp3', 'wav', 'png', 'webp', 'mp4', 'avi', 'text', 'unknown', 'empty']);
  });

  it('reads WAVE_FORMAT_EXTENSIBLE 24-bit as PCM, float as float, and the declared data length', () => {
    expect(readWavHeader(wavTone({ sampleRate: 96000, bits: 24, extensible: true, seconds: 0.1 }))).toMatchObject({ encoding: 'pcm', bitsPerSample: 24, sampleRate: 96000, channels: 2, dataBytes: 57600 });
    expect(readWavHeader(wavTone({ bits: 32, float: true, seconds: 0.1 }))?.encoding).toBe('float');
    expect(readWavHeader(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull();
  });

  it('finds a FLAC cut anywhere after its header, and passes the complete file', async () => {
    const flac = readFileSync((await mediaFixtures())['tone-44k-16-stereo-10s.flac']);
    const info = readStreamInfo(flac)!;
    expect(info).toMatchObject({ sampleRate: 44100, channels: 2, bitsPerSample: 16, totalSamples: 441000 });
    expect(checkFlacTail(flac.subarray(flac.length - 131072), flac.length - 131072, info)).toEqual({ ok: true });
    for (let cut = 9000; cut < flac.length; cut += 4999) expect(checkFlacTail(flac.subarray(0, cut), 0, info).ok).toBe(false);
  });

  it('locates tools: env first (a bad env path is reported), then npm, then PATH, else an install hint', () => {
    expect(locateTool('ffprobe', { env: { FFPROBE_PATH: '/nope/ffprobe' } })).toMatchObject({ found: false, reason: expect.stringContaining('FFPROBE_PATH') });
    expect(locateTool('ffprobe', { env: { PATH: '' }, npmPath: null })).toMatchObject({ found: false, reason: expect.stringContaining('install ffprobe') });
    const bin = mkdtempSync(path.join(os.tmpdir(), 'ddex-check-bin-'));
    writeFileSync(path.join(bin, 'ffmpeg'), '#!/bin/sh\n', { mode: 0o755 });
    expect(locateTool('ffmpeg', { env: { PATH: `/nonexistent${path.delimiter}${bin}` }, npmPath: null })).toEqual({ found: true, from: 'PATH', path: path.join(bin, 'ffmpeg') });
    expect(locateTool('ffmpeg', { env: { PATH: bin }, npmPath: path.join(bin, 'ffmpeg') })).toMatchObject({ found: true, from: 'npm' });
  });
});
