/** Paths of the shared DDEX test data (schemas, samples), for tests only. */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const SHARED_DDEX_DIR = process.env.DDEX_SHARED_DIR ?? path.resolve(process.cwd(), '../shared/ddex');
// Absolute, as the engine makes it (the README's commands give it relative, from the checkout).
export const SCHEMAS_DIR = path.resolve(process.env.DDEX_SCHEMAS_DIR ?? path.join(SHARED_DDEX_DIR, 'xsd'));
export const SAMPLES_DIR = path.join(SHARED_DDEX_DIR, 'samples');
export const sample = (relative: string) => path.join(SAMPLES_DIR, relative);

/** Every .xml file under the shared samples, in a stable order. */
export function sampleXmlFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.toLowerCase().endsWith('.xml')) files.push(full);
    }
  };
  walk(SAMPLES_DIR);
  return files;
}
