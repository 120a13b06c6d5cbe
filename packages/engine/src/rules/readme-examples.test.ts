/**
 * Every rule README's examples run through the real engine with only that rule on (as Biome runs
 * its docs): each failing example reports a finding of the rule, each passing one none. A README
 * without both fails, rule named. Rules whose input is no message (media files, a batch) may say
 * `<!-- examples: none, <reason> -->` instead, only when listed below.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RULES } from './registry.js';
import { runRule } from './testing/rule-tester.js';
import { readmeExamples } from './testing/readme-examples.js';
import { JsonCatalog } from '../catalog/json-catalog.js';

const rulesDir = path.dirname(fileURLToPath(import.meta.url));

const MEDIA = 'its input is the media files of a delivery (the engine reads them from a folder or zip), not a message fragment; see index.test.ts';
const BATCH = 'its input is a delivery (folder or zip with its files), not a message fragment; see index.test.ts';

/** Rules whose README may carry an `examples: none` marker instead of examples, and why. */
export const WITHOUT_EXAMPLES: Record<string, string> = {
  'artwork-details-match': MEDIA,
  'artwork-file-decodable': MEDIA,
  'artwork-format-accepted': MEDIA,
  'artwork-size-minimum': MEDIA,
  'artwork-size-recommended': MEDIA,
  'audio-details-match': MEDIA,
  'audio-duration-minimum': MEDIA,
  'audio-file-decodable': MEDIA,
  'audio-file-size-maximum': MEDIA,
  'audio-format-accepted': MEDIA,
  'audio-loudness-measured': MEDIA,
  'audio-silence-maximum': MEDIA,
  'audio-wav-structure': MEDIA,
  'video-details-match': MEDIA,
  'video-file-decodable': MEDIA,
  'video-format-accepted': MEDIA,
  'package-batch-complete-present': BATCH,
  'package-batch-readable': BATCH,
  'package-file-hash': BATCH,
  'package-file-present': BATCH,
  'package-file-size': BATCH,
  'package-file-unreferenced': BATCH,
  'package-manifest-consistent': BATCH,
};

describe('rule README examples', () => {
  it.each(RULES.map((r) => [r.id, r] as const))('%s: its README examples fail and pass as they say', async (id, rule) => {
    const file = path.join(rulesDir, rule.stage, id, 'README.md');
    const parsed = readmeExamples(readFileSync(file, 'utf8'), path.relative(rulesDir, file));
    if (parsed.none !== undefined) {
      expect(WITHOUT_EXAMPLES, `${id}: only the listed rules may go without examples ("${parsed.none}")`).toHaveProperty(id);
      expect(parsed.examples, `${id}: a README without examples has no example blocks`).toEqual([]);
      return;
    }
    const kinds = new Set(parsed.examples.map((e) => e.kind));
    expect(kinds.has('fail') && kinds.has('pass'), `${id}: the README carries a failing and a passing example (\`\`\`diff fail version=4.3 / \`\`\`diff pass version=4.3)`).toBe(true);
    const catalog = parsed.catalog === undefined ? undefined : JsonCatalog.fromValue(parsed.catalog, `${id} README catalog`);
    for (const example of parsed.examples) {
      const where = `${id} README line ${example.line} (${example.kind}, ERN ${example.version})`;
      const run = await runRule(id, { version: example.version, edits: example.edits, options: parsed.options, catalog });
      if (example.kind === 'pass') expect(run.findings.map((f) => `${f.message_id}: ${f.message}`), where).toEqual([]);
      else {
        expect(run.findings.length, `${where}: reports a finding`).toBeGreaterThan(0);
        if (example.id) expect(run.findings.map((f) => f.message_id), where).toContain(example.id);
      }
    }
  });

  it('lists without examples only rules that exist', () => {
    for (const id of Object.keys(WITHOUT_EXAMPLES)) expect(RULES.map((r) => r.id)).toContain(id);
  });
});
