/**
 * Before any test: the binary bad-input fixtures (zip slip, zip bomb, ...) are generated into
 * fixtures/bad/ (git ignores them; nothing binary is committed), since goldens and CLI tests name them.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error plain ESM script with a .d.mts beside it
import { makeBadInputs } from './fixtures/scripts/make-bad-inputs.mjs';

export default async function setup(): Promise<void> {
  await makeBadInputs(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/bad'));
}
