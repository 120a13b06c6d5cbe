// The largest message and zip among the paths given, looked for before the CLI reads anything: the
// bin asks to start again with settings for a large message's memory (memory-settings.js), the CLI
// to start the parse thread ahead (src/check/command.ts). Plain JavaScript: the bin decides before
// it loads the CLI.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The CLI's options that take a value, of every command: their value is not an input (`-o
 * report.json` names where the report goes; a large report left by an earlier run counted as a
 * large message, and a small run then started a child, a parse thread and the compiler's setting).
 * apps/cli/test/large-inputs.test.ts checks this list against the CLI's own.
 */
export const OPTIONS_WITH_VALUES = new Set([
  '-f', '--format', '-o', '--output', '--fail-on', '--schema-engine', '--max-warnings', '-c', '--config', '--rule',
  '--baseline', '--write-baseline', '--schemas', '--catalog', '--profile', '--stores', '--concurrency',
  '--from', '--max-size', '--territory', '--on', '--stage',
]);

/** The paths among the CLI's arguments `args`: neither options nor their values; all after `--`. */
export function inputPaths(args) {
  const paths = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--') {
      paths.push(...args.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-')) paths.push(arg);
    else if (OPTIONS_WITH_VALUES.has(arg)) i++;
  }
  return paths;
}

/** Folders are looked into this many levels down (a delivery folder, or a folder of deliveries). */
const LEVELS = 2;
/** Entries of the folders given looked at, at most (a delivery folder holds a message and its media). */
const MAX_ENTRIES = 5000;

/**
 * The size of the largest message and of the largest zip among `paths` (0: none). A file given is a
 * zip by its name (`.zip`), else a message; in a folder, only an `.xml` is a message (a zip in a
 * folder is not opened, dotfiles are left out, as the batch does), up to LEVELS down and within
 * MAX_ENTRIES entries in all. What cannot be read counts for nothing: it is the CLI's to report.
 * `stat` and `list` (readdir with file types): for tests.
 */
export function largestInputs(paths, { stat = statSync, list = (folder) => readdirSync(folder, { withFileTypes: true }) } = {}) {
  const largest = { message: 0, zip: 0 };
  const budget = { entries: MAX_ENTRIES };
  for (const file of paths) {
    const info = statOf(stat, file);
    if (info?.isFile()) {
      const kind = file.toLowerCase().endsWith('.zip') ? 'zip' : 'message';
      largest[kind] = Math.max(largest[kind], info.size);
    } else if (info?.isDirectory()) largest.message = Math.max(largest.message, largestXml(file, LEVELS, budget, stat, list));
  }
  return largest;
}

function largestXml(folder, levels, budget, stat, list) {
  let entries;
  try {
    entries = list(folder);
  } catch {
    return 0;
  }
  let largest = 0;
  for (const entry of entries) {
    if (--budget.entries < 0) break;
    if (entry.name.startsWith('.')) continue;
    const file = path.join(folder, entry.name);
    // A link is followed, as the batch follows one inside it.
    const info = entry.isSymbolicLink() ? statOf(stat, file) : entry;
    if (info?.isDirectory()) {
      if (levels > 1) largest = Math.max(largest, largestXml(file, levels - 1, budget, stat, list));
    } else if (info?.isFile() && entry.name.toLowerCase().endsWith('.xml')) largest = Math.max(largest, statOf(stat, file)?.size ?? 0);
  }
  return largest;
}

function statOf(stat, file) {
  try {
    return stat(file);
  } catch {
    return null;
  }
}
