import { describe, expect, it } from 'vitest';
import { lineOf } from '../../testing/rule-tester.js';
import { runMediaRule } from '../../../media/testing/media-batch.js';
import { createDigest, hashMatches, resolveAlgorithm } from '../../../media/hash-algorithms.js';
import { readFileSync } from 'node:fs';
import { mediaFixtures } from '../../../media/testing/media-batch.js';
import { createHash } from 'node:crypto';
import { expectFindings } from '../../testing/pin.js';

const HASH_382 = (algorithm: string, value: string) =>
  [
    '<FileName>01_tidewater.flac</FileName>\n            <FilePath>resources/</FilePath>',
    `<FileName>01_tidewater.flac</FileName>\n            <FilePath>resources/</FilePath>\n            <HashSum>\n              <HashSum>${value}</HashSum>\n              <HashSumAlgorithmType>${algorithm}</HashSumAlgorithmType>\n            </HashSum>`,
  ] as const;

describe('package-file-hash', () => {
  it('passes the ERN 4.3 album whose MD5 sums match, in a folder and in a zip', async () => {
    expect((await runMediaRule('package-file-hash', { version: '4.3' })).findings).toEqual([]);
    expect((await runMediaRule('package-file-hash', { version: '4.3', zip: true })).findings).toEqual([]);
  });

  it('ERN 4.3: a file changed after hashing is an error naming both values, on the HashSum', async () => {
    const run = await runMediaRule('package-file-hash', { version: '4.3', fixHashes: false, files: { 'resources/cover.jpg': 'cover-2000.jpg' } });
    expectFindings(run, run.batch.xml, [{ id: 'mismatch', at: '<HashSum>\n            <Algorithm>MD5</Algorithm>', path: '/NewReleaseMessage/ResourceList/Image/TechnicalDetails/File/HashSum' }]);
    expect(run.findings).toHaveLength(1);
    const actual = createHash('md5').update(readFileSync((await mediaFixtures())['cover-2000.jpg'])).digest('hex');
    expect(run.findings[0]).toMatchObject({ status: 'error', resource: 'A3', line: lineOf(run.batch.xml, '<URI>resources/cover.jpg</URI>') + 1 });
    expect(run.findings[0].message).toContain('3a94ccec347d5567baf273ec9a30de28');
    expect(run.findings[0].message).toContain(actual);
  });

  it('ERN 3.8.2: HashSumAlgorithmType SHA1 and MD4 are computed; a wrong SHA1 is an error', async () => {
    const flac = readFileSync((await mediaFixtures())['tone-44k-16-stereo.flac']);
    const sha1 = createHash('sha1').update(flac).digest('hex');
    const md4 = createDigest('md4');
    md4.update(flac);
    expect((await runMediaRule('package-file-hash', { version: '3.8.2', files: { 'resources/01_tidewater.flac': 'tone-44k-16-stereo.flac' }, edits: [HASH_382('SHA1', sha1.toUpperCase())] })).findings).toEqual([]);
    expect((await runMediaRule('package-file-hash', { version: '3.8.2', files: { 'resources/01_tidewater.flac': 'tone-44k-16-stereo.flac' }, edits: [HASH_382('MD4', md4.digest())] })).findings).toEqual([]);
    const bad = await runMediaRule('package-file-hash', { version: '3.8.2', edits: [HASH_382('SHA1', '0'.repeat(40))] });
    expectFindings(bad, bad.batch.xml, [{ id: 'mismatch', at: '<HashSum>', path: '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingDetailsByTerritory/TechnicalSoundRecordingDetails/File/HashSum' }]);
    expect(bad.findings[0]).toMatchObject({ status: 'error', resource: 'A1' });
  });

  it('an unsupported algorithm is skipped with the reason; a non-hex value is malformed', async () => {
    const skipped = await runMediaRule('package-file-hash', { version: '3.8.2', edits: [HASH_382('UserDefined', 'abcd')] });
    expectFindings(skipped, skipped.batch.xml, [{ id: 'unsupported', at: '<HashSum>', path: '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingDetailsByTerritory/TechnicalSoundRecordingDetails/File/HashSum' }]);
    expect(skipped.findings.map((f) => f.status)).toEqual(['skipped']);
    expect(skipped.findings[0].message).toContain('UserDefined');
    const malformed = await runMediaRule('package-file-hash', { version: '4.3', edits: [['<HashSumValue>3a94ccec347d5567baf273ec9a30de28</HashSumValue>', '<HashSumValue>not-a-hash!</HashSumValue>']] });
    expectFindings(malformed, malformed.batch.xml, [{ id: 'malformed', at: '<HashSum>\n            <Algorithm>MD5</Algorithm>', path: '/NewReleaseMessage/ResourceList/Image/TechnicalDetails/File/HashSum' }]);
    expect(malformed.findings).toHaveLength(1);
    expect(malformed.findings[0].message_id).toBe('malformed');
  });

  it.each([
    ['SHA-256', 'sha256', 64],
    ['SHA256', 'sha256', 64],
    ['SHA2', 'sha512', 128],
    ['SHA', 'sha1', 40],
    ['sha-512', 'sha512', 128],
    ['SHA3', 'sha3-256', 64],
    ['RMD160', 'ripemd160', 40],
    ['CRC32', 'crc32', 8],
  ])('algorithm name %s resolves to %s', (name, digest, hexLength) => {
    expect(resolveAlgorithm(name, 'a'.repeat(hexLength))).toEqual({ digest });
  });

  it('compares hex case-insensitively, base64 and CRC32 without leading zeros', () => {
    expect(hashMatches('3A94CCEC347D5567BAF273EC9A30DE28', '3a94ccec347d5567baf273ec9a30de28')).toBe(true);
    expect(hashMatches(Buffer.from('3a94ccec347d5567baf273ec9a30de28', 'hex').toString('base64'), '3a94ccec347d5567baf273ec9a30de28')).toBe(true);
    expect(hashMatches('fa1b2c3', '0fa1b2c3')).toBe(true);
    expect(hashMatches('3a94ccec347d5567baf273ec9a30de29', '3a94ccec347d5567baf273ec9a30de28')).toBe(false);
  });

  it('MD4 matches RFC 1320 test vectors, across chunk boundaries', () => {
    const md4 = (text: string, split: number) => {
      const d = createDigest('md4');
      const b = Buffer.from(text);
      d.update(b.subarray(0, split));
      d.update(b.subarray(split));
      return d.digest();
    };
    expect(md4('', 0)).toBe('31d6cfe0d16ae931b73c59d7e0c089c0');
    expect(md4('abc', 1)).toBe('a448017aaf21d8525fc10ae87aa6729d');
    expect(md4('12345678901234567890123456789012345678901234567890123456789012345678901234567890', 70)).toBe('e33b4ddc9c38f2199c3e7b164fcc0536');
  });
});
