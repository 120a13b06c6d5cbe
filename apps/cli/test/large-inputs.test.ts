/** The largest message and zip among the paths given (bin/large-inputs.js), which the bin and the CLI both ask. */
import { describe, expect, it } from 'vitest';
import { mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { largestInputs } from '../bin/large-inputs.js';
import { sparseFolder } from './sparse-files.js';

const { dir, sized } = sparseFolder('ddex-large-');

describe('largestInputs', () => {
  it('takes a file given as a message unless it is named .zip, whatever else its name', () => {
    expect(largestInputs([sized('a/message.XML', 300), sized('a/other', 500), sized('a/batch.ZIP', 700)])).toEqual({ message: 500, zip: 700 });
  });

  it('takes only the .xml files of a folder, two levels down, not its media, zips or dotfiles', () => {
    sized('d/message.xml', 100);
    sized('d/one/message.xml', 200);
    sized('d/one/two/message.xml', 900);
    sized('d/audio.wav', 5000);
    sized('d/inner.zip', 5000);
    sized('d/.hidden.xml', 5000);
    sized('d/.git/big.xml', 5000);
    expect(largestInputs([path.join(dir, 'd')])).toEqual({ message: 200, zip: 0 });
    expect(largestInputs([path.join(dir, 'd/one')])).toEqual({ message: 900, zip: 0 });
  });

  it('follows a link in a folder, and counts nothing for what is missing or unreadable', () => {
    sized('target/message.xml', 4000);
    mkdirSync(path.join(dir, 'linked'), { recursive: true });
    symlinkSync(path.join(dir, 'target'), path.join(dir, 'linked/delivery'));
    symlinkSync(path.join(dir, 'nowhere.xml'), path.join(dir, 'linked/dangling.xml'));
    expect(largestInputs([path.join(dir, 'linked'), path.join(dir, 'missing.xml')])).toEqual({ message: 4000, zip: 0 });
  });
});
