/** The CLI's version, from its package.json (dist/version.js -> ../package.json). */
import { readFileSync } from 'node:fs';

export const CLI_VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
