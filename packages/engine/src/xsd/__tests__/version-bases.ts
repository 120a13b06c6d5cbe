/**
 * One valid message per ERN version with an XSD set, for table tests run on every version: the
 * smallest valid UTF-8 NewReleaseMessage of the shared samples with a MessageId, or, for the two versions
 * without a valid sample (3.8.3, 4.3.2), the one of the version before with its namespace moved.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SAMPLES_DIR } from '../../test-support.js';
import { readSampleIndex } from './run-compiled.js';

export const ERN_VERSIONS = ['3.4.1', '3.7', '3.7.1', '3.8', '3.8.1', '3.8.2', '3.8.3', '4.1', '4.1.1', '4.2', '4.3', '4.3.2'] as const;

/** Versions without a valid sample: [donor version, its namespace suffix, this one's]. */
const DERIVED: Record<string, [string, string, string]> = { '3.8.3': ['3.8.2', '382', '383'], '4.3.2': ['4.3', '43', '432'] };

export interface VersionBase {
  version: string;
  /** Where it came from (a sample, or "derived from …"). */
  source: string;
  text: string;
}

/** The valid UTF-8 samples of `version` with a MessageId, smallest first, NewReleaseMessages before other messages. */
function validSamples(version: string): VersionBase[] {
  const found: VersionBase[] = [];
  const rows = readSampleIndex(SAMPLES_DIR)
    .filter((r) => r.xsdSet === `ern-${version}` && r.verdict === 'valid')
    .sort((a, b) => a.bytes - b.bytes);
  for (const row of rows) {
    const bytes = readFileSync(path.join(SAMPLES_DIR, row.file));
    if (bytes[0] === 0xff || bytes[0] === 0xfe) continue;
    const text = bytes.toString('utf8');
    if (/<MessageId>[^<]+<\/MessageId>/.test(text)) found.push({ version, source: row.file, text });
  }
  const isNew = (b: VersionBase) => (/<(?:\w+:)?NewReleaseMessage\b/.test(b.text) ? 0 : 1);
  return found.sort((a, b) => isNew(a) - isNew(b));
}

/**
 * Candidate base messages of `version`, best first: its own valid samples, or the donor version's
 * with the namespace moved (which may not be valid in the later version: the caller takes the
 * first its validator accepts, and checks that one with libxml2).
 */
export function versionBases(version: string): VersionBase[] {
  const derived = DERIVED[version];
  if (!derived) return validSamples(version);
  const [donor, from, to] = derived;
  // The namespace, schemaLocation and MessageSchemaVersionId all say ern/<suffix>.
  return validSamples(donor).map((b) => ({ version, source: `derived from ${b.source}`, text: b.text.replace(new RegExp(`ern/${from}(?![0-9])`, 'g'), `ern/${to}`) }));
}
