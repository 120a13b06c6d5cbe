/** `--format json`: an array with one Report per input, exactly the engine's objects (schemas/report.schema.json). */
import type { Formatter } from './types.js';

export const json: Formatter = (reports) => JSON.stringify(reports, null, 2) + '\n';
