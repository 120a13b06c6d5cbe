import type { Dirent, Stats } from 'node:fs';

/** See large-inputs.js. */
export function largestInputs(paths: readonly string[], options?: { stat?: (file: string) => Stats; list?: (folder: string) => Dirent[] }): { message: number; zip: number };
/** See large-inputs.js. */
export const OPTIONS_WITH_VALUES: ReadonlySet<string>;
/** See large-inputs.js. */
export function inputPaths(args: readonly string[]): string[];
