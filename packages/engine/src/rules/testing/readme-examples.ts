/**
 * Reads the examples of a rule's README, which the test suite runs through the real engine (as
 * Biome runs its docs). An example is a fenced block in diff form over the rule tester's valid base
 * message of one ERN version:
 *
 *     ```diff fail version=4.3 id=missing
 *     -<ICPN>5012345678900</ICPN>
 *     +<ICPN>5012345678901</ICPN>
 *     ```
 *
 * `-` lines and context lines (a space) are the text searched in the base message (it must occur
 * there exactly once), `+` lines and context lines its replacement; `@@` separates edits. `fail`
 * must produce a finding of the rule (of message `id` when given), `pass` none. A `json options`
 * block gives the rule's options and a `json catalog` block the member's catalog (the catalog file
 * format) for every example of the README. A rule whose input is not a message (media files, a
 * batch) says so with `<!-- examples: none, <reason> -->`, accepted only for rules listed in the
 * test.
 */
import type { BaseVersion } from './rule-tester.js';

export type Edit = readonly [string, string];

export interface ReadmeExample {
  kind: 'fail' | 'pass';
  version: BaseVersion;
  /** Message id the failing example must report. */
  id?: string;
  edits: Edit[];
  /** 1-based line of the fence in the README, for messages. */
  line: number;
}

export interface ReadmeExamples {
  examples: ReadmeExample[];
  options?: Record<string, unknown>;
  catalog?: unknown;
  /** The reason given by an `examples: none` marker. */
  none?: string;
}

const FENCE = /^```([^\n]*)\n([\s\S]*?)^```[ \t]*$/gm;
const NONE = /<!-- examples: none, ([^>]+?) -->/;
const VERSIONS = new Set<string>(['4.3', '3.8.2']);

/** The edits of a diff block; throws on a line that is no diff line, naming it. */
export function editsOfDiff(body: string, where: string): Edit[] {
  const edits: Edit[] = [];
  let search: string[] = [];
  let replace: string[] = [];
  const flush = () => {
    if (search.length || replace.length) edits.push([search.join('\n'), replace.join('\n')]);
    search = [];
    replace = [];
  };
  for (const [i, line] of body.replace(/\n$/, '').split('\n').entries()) {
    const mark = line[0] ?? ' ';
    const text = line.slice(1);
    if (line.startsWith('@@')) flush();
    else if (mark === '-') search.push(text);
    else if (mark === '+') replace.push(text);
    else if (mark === ' ') {
      search.push(text);
      replace.push(text);
    } else throw new Error(`${where}, line ${i + 1} of the block: "${line}" is no diff line (starts with -, + or a space; @@ between edits)`);
  }
  flush();
  if (edits.length === 0) throw new Error(`${where}: an example edits (or shows as context) at least one line of the base message`);
  return edits;
}

/** Parses a README's examples; throws on a malformed block, naming its line. */
export function readmeExamples(readme: string, file: string): ReadmeExamples {
  const result: ReadmeExamples = { examples: [] };
  const none = NONE.exec(readme);
  if (none) result.none = none[1].trim();
  for (const match of readme.matchAll(FENCE)) {
    const [lang, kind, ...attrs] = match[1].trim().split(/\s+/);
    const line = readme.slice(0, match.index).split('\n').length;
    const where = `${file}:${line}`;
    if (lang === 'json' && (kind === 'options' || kind === 'catalog')) {
      try {
        result[kind] = JSON.parse(match[2]);
      } catch (err) {
        throw new Error(`${where}: the ${kind} block is not JSON (${(err as Error).message})`);
      }
      continue;
    }
    if (lang !== 'diff' || (kind !== 'fail' && kind !== 'pass')) continue;
    const attr = Object.fromEntries(attrs.map((a) => a.split('=', 2) as [string, string]));
    if (!VERSIONS.has(attr.version)) throw new Error(`${where}: an example names its base message, version=4.3 or version=3.8.2 (got ${attr.version ?? 'none'})`);
    result.examples.push({ kind, version: attr.version as BaseVersion, ...(attr.id ? { id: attr.id } : {}), edits: editsOfDiff(match[2], where), line });
  }
  return result;
}
