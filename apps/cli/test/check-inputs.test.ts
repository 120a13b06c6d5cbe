/**
 * The check's inputs: every missing one named in one usage error; a message big enough for a parse
 * thread, given as a file or in a folder, has one started before the pass (a zip is not looked into).
 */
import { describe, expect, it } from 'vitest';
import { PARSE_THREAD_MIN_BYTES } from '@ddex-check/engine';
import { checkInputs } from '../src/check/command.js';
import { sparseFolder } from './sparse-files.js';

const { dir, sized } = sparseFolder('ddex-inputs-');

async function prestarts(inputs: string[]): Promise<number> {
  let calls = 0;
  await checkInputs(inputs, dir, () => calls++);
  return calls;
}

describe('checkInputs', () => {
  it('starts a parse thread ahead for a message file of the parse thread\'s size, once', async () => {
    const big = sized('big.xml', PARSE_THREAD_MIN_BYTES);
    const other = sized('other.XML', PARSE_THREAD_MIN_BYTES + 1);
    const small = sized('small.xml', PARSE_THREAD_MIN_BYTES - 1);
    expect(await prestarts([big])).toBe(1);
    expect(await prestarts([small, big, other])).toBe(1);
    expect(await prestarts([small])).toBe(0);
  });

  it('finds one in a folder, up to two levels down, by an .xml of that size; not in a zip', async () => {
    const zip = sized('big.zip', PARSE_THREAD_MIN_BYTES * 2);
    sized('delivery/message.XML', PARSE_THREAD_MIN_BYTES);
    sized('nested/batch/message.xml', PARSE_THREAD_MIN_BYTES);
    sized('deep/a/b/message.xml', PARSE_THREAD_MIN_BYTES);
    sized('media/audio.flac', PARSE_THREAD_MIN_BYTES * 2);
    sized('media/small.xml', PARSE_THREAD_MIN_BYTES - 1);
    sized('hidden/.big.xml', PARSE_THREAD_MIN_BYTES);
    expect(await prestarts(['delivery'])).toBe(1);
    expect(await prestarts(['nested'])).toBe(1);
    expect(await prestarts(['media', 'delivery'])).toBe(1);
    expect(await prestarts([zip])).toBe(0);
    expect(await prestarts(['deep'])).toBe(0);
    expect(await prestarts(['media'])).toBe(0);
    expect(await prestarts(['hidden'])).toBe(0);
  });

  it('names every missing input, and starts nothing then', async () => {
    const big = sized('big2.xml', PARSE_THREAD_MIN_BYTES);
    let calls = 0;
    await expect(checkInputs([big, 'gone.xml', 'gone-too'], dir, () => calls++)).rejects.toThrow('no such file or folder: gone.xml\nno such file or folder: gone-too');
    expect(calls).toBe(0);
  });
});
