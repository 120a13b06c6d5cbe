/** The engine's version, shown in every report. */
import { createRequire } from 'node:module';

export const ENGINE_VERSION: string = (createRequire(import.meta.url)('../package.json') as { version: string }).version;
