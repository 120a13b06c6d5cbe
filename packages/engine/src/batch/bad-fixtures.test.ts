/** The committed and generated bad inputs in fixtures/bad/ open (or fail) the way the CLI tests expect. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeBadInputs } from '../../../../fixtures/scripts/make-bad-inputs.mjs';
import { readAll, withTempDir } from './__tests__/batches.js';
import { openBatch } from './open-batch.js';
import { sniffRoot } from './root-sniff.js';

const BAD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../fixtures/bad');

describe('fixtures/bad', () => {
  it.each([
    ['not-xml.xml', 'not-xml'],
    ['truncated.xml', 'root'],
    ['billion-laughs.xml', 'root'],
    ['xxe.xml', 'root'],
    ['unsupported-version.xml', 'root'],
  ])('%s opens as a lone message (root sniff: %s)', async (name, status) => {
    const batch = await openBatch(path.join(BAD, name));
    expect(batch.messages.map((m) => m.path)).toEqual([name]);
    expect(sniffRoot(await readAll(batch.messages[0])).status).toBe(status);
    await batch.close();
  });

  it('unsupported-version.xml declares ERN 3.4.1', async () => {
    const batch = await openBatch(path.join(BAD, 'unsupported-version.xml'));
    expect(sniffRoot(await readAll(batch.messages[0]))).toEqual({ status: 'root', name: 'NewReleaseMessage', ns: 'http://ddex.net/xml/ern/341' });
    await batch.close();
  });

  it('empty.xml is refused as empty, no-message/ as no_message', async () => {
    await expect(openBatch(path.join(BAD, 'empty.xml'))).rejects.toMatchObject({ code: 'empty' });
    await expect(openBatch(path.join(BAD, 'no-message'))).rejects.toMatchObject({ code: 'no_message', file: path.join(BAD, 'no-message') });
  });

  it('the generated zips are refused with their codes', async () => {
    await withTempDir(async (dir) => {
      const files = await makeBadInputs(dir);
      await expect(openBatch(files['zip-slip.zip'])).rejects.toMatchObject({ code: 'zip_unsafe_path', file: '../evil.txt' });
      await expect(openBatch(files['zip-absolute.zip'])).rejects.toMatchObject({ code: 'zip_unsafe_path', file: '/tmp/evil.txt' });
      await expect(openBatch(files['zip-backslash.zip'])).rejects.toMatchObject({ code: 'zip_unsafe_path', file: '..\\evil.txt' });
      await expect(openBatch(files['zip-bomb.zip'])).rejects.toMatchObject({ code: 'zip_ratio', file: 'batch/resources/zeros.flac' });
      await expect(openBatch(files['zip-corrupt.zip'])).rejects.toMatchObject({ code: 'zip_invalid' });
      // The size lie passes the directory checks and fails when the entry is read.
      const liar = await openBatch(files['zip-size-lie.zip']);
      await expect(readAll(liar.entries.find((e) => e.path.endsWith('liar.flac'))!)).rejects.toMatchObject({ code: 'zip_ratio' });
      await liar.close();
    });
  });
});
