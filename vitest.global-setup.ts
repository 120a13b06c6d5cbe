/**
 * Before any test: the binary bad-input fixtures (zip slip, zip bomb, ...) are generated into
 * fixtures/bad/ (git ignores them; nothing binary is committed), since goldens and CLI tests name them.
 * Every test process then gets a temporary folder of its own for the run (TMPDIR), removed when the
 * run ends, so whatever a test, the engine or a server under test leaves in the temp folder goes too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error plain ESM script with a .d.mts beside it
import { makeBadInputs } from './fixtures/scripts/make-bad-inputs.mjs';

export default async function setup(): Promise<() => void> {
  await makeBadInputs(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/bad'));
  const runTmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ddex-check-tests-'));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = runTmp;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    fs.rmSync(runTmp, { recursive: true, force: true });
  };
}
