/** Paths of the shared DDEX test data (schemas, samples), for tests only. */
import path from 'node:path';

export const SHARED_DDEX_DIR = process.env.DDEX_SHARED_DIR ?? path.resolve(process.cwd(), '../shared/ddex');
export const SCHEMAS_DIR = process.env.DDEX_SCHEMAS_DIR ?? path.join(SHARED_DDEX_DIR, 'xsd');
export const SAMPLES_DIR = path.join(SHARED_DDEX_DIR, 'samples');
export const sample = (relative: string) => path.join(SAMPLES_DIR, relative);
