/** The largest message and zip among the paths given (bin/large-inputs.js), which the bin and the CLI both ask. */
import { describe, expect, it } from 'vitest';
import { mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { OPTIONS_WITH_VALUES, inputPaths, largestInputs } from '../bin/large-inputs.js';
import { buildProgram } from '../src/run.js';
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

describe('inputPaths', () => {
  it('leaves out options and the values of those that take one, and takes everything after --', () => {
    expect(inputPaths(['in/', '-f', 'json', '-o', 'report.json', '--quiet', 'b.zip', '--catalog', 'cat.json', '--fail-on=warning', '-o', 'r.sarif', '--', '-odd.xml'])).toEqual([
      'in/',
      'b.zip',
      '-odd.xml',
    ]);
  });

  it('knows every option of the CLI that takes a value, of every command', () => {
    const withValues = new Set<string>();
    const visit = (command: Command) => {
      for (const option of command.options) {
        if (!option.required && !option.optional) continue;
        if (option.short) withValues.add(option.short);
        if (option.long) withValues.add(option.long);
      }
      command.commands.forEach(visit);
    };
    visit(buildProgram({ stdout: process.stdout, stderr: process.stderr, cwd: process.cwd(), env: {} }, () => undefined));
    expect([...OPTIONS_WITH_VALUES].sort()).toEqual([...withValues].sort());
  });

  it('does not count a large report named by -o as a message', () => {
    const report = sized('old-report.json', 300 * 1024 * 1024);
    const message = sized('small.xml', 1000);
    expect(largestInputs(inputPaths([message, '-f', 'json', '-o', report]))).toEqual({ message: 1000, zip: 0 });
  });
});

