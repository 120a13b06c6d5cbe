import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ffmpegPath } from '../../../../fixtures/scripts/make-media-fixtures.mjs';
import { F43 } from '../rules/testing/base-fragments.js';
import { storeTable } from './testing/store-table.js';

const AS_WAV = [['<FileName>01_tidewater.flac</FileName>', '<FileName>01_tidewater.wav</FileName>']] as const;
const wav382 = (fixture: string) => ({ version: '3.8.2' as const, edits: AS_WAV, files: { 'resources/01_tidewater.flac': null, 'resources/01_tidewater.wav': fixture } });
const cover = (fixture: string) => ({ version: '4.3' as const, files: { 'resources/cover.jpg': fixture } });
const BASE = { version: '4.3' as const };

/** A 500 x 500 JPEG made with ffmpeg (below Spotify's 640 px). */
function smallCover(): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'ddex-cover-')), 'cover-500.jpg');
  execFileSync(ffmpegPath(), ['-hide_banner', '-y', '-v', 'error', '-f', 'lavfi', '-i', 'color=c=navy:s=500x500', '-frames:v', '1', file]);
  return file;
}

storeTable('spotify', [
  { requirement: 'spotify-ern-version', pass: BASE, fail: { version: '3.8.2' } },
  { requirement: 'spotify-validity-start', pass: BASE, fail: { version: '4.3', edits: [[F43.streamValidity, '<EndDate>2027-12-04</EndDate>\n          </ValidityPeriod>\n          <CommercialModelType>SubscriptionModel</CommercialModelType>']] } },
  { requirement: 'spotify-deal-terms', pass: BASE, fail: { version: '4.3', edits: [[F43.streamModels, '']] } },
  { requirement: 'spotify-classical-type', pass: BASE, fail: { version: '4.3', edits: [[F43.releaseGenre, F43.releaseGenre.replace('Pop', 'Classical')]] } },
  { requirement: 'spotify-audio-format', pass: BASE, fail: { version: '4.3', files: { 'resources/01_first_light.flac': 'tone-22k-16-mono.flac' } } },
  { requirement: 'spotify-wav-structure', pass: wav382('tone-44k-16-stereo.wav'), fail: wav382('tone-96k-24-stereo-ext.wav') },
  { requirement: 'spotify-cover-size', pass: cover('cover-1000.jpg'), fail: cover(smallCover()) },
  { requirement: 'spotify-cover-square', pass: BASE, fail: cover('cover-3000x2000.jpg'), failStatus: 'warning' },
  { requirement: 'spotify-cover-rgb', pass: cover('cover-3000.png'), fail: cover('cover-3000-cmyk.jpg') },
  { requirement: 'spotify-batch-complete', pass: { version: '4.3', files: { 'BatchComplete_20261125.xml': Buffer.from('<?xml version="1.0"?>\n<ManifestMessage/>\n') } }, fail: BASE },
  {
    requirement: 'spotify-purge-not-takedown',
    pass: BASE,
    fail: { version: '4.3', edits: [['<ern:NewReleaseMessage ', '<ern:PurgeReleaseMessage '], ['</ern:NewReleaseMessage>', '</ern:PurgeReleaseMessage>']] },
  },
]);
