/**
 * The schema stage's checks of one message: its validator's result (valid, invalid with its
 * issues, skipped with why) as `xml-schema-valid` checks, and what to do about a skipped one.
 */
import type { SchemaResult } from '../xml/schema-validator.js';
import type { EngineChecks } from '../rules/checks.js';
import type { Check } from '../report/types.js';

export function schemaChecks(result: SchemaResult, version: string, file: string, engine: EngineChecks): Check[] {
  if (result.outcome === 'valid') {
    const pass = engine.pass('xml-schema-valid', file);
    return pass ? [pass] : [];
  }
  if (result.outcome === 'skipped') {
    const skipped = engine.skipped('xml-schema-valid', { messageId: 'skipped', file, data: { reason: result.note ?? 'unknown reason', install: skipFix(result.note, version) } });
    return skipped ? [skipped] : [];
  }
  const out: Check[] = [];
  for (const issue of result.issues) {
    const check = engine.finding('xml-schema-valid', {
      messageId: 'invalid',
      file,
      loc: issue.line ? { line: issue.line, column: issue.column ?? 1, path: issue.path } : issue.path ? { line: 0, column: 0, path: issue.path } : null,
      data: { detail: issue.message, version },
    });
    if (check) out.push(issue.line ? check : { ...check, line: null, column: null });
  }
  if (result.note) {
    const capped = /(\d+) more/.exec(result.note);
    if (capped) {
      const check = engine.finding('xml-schema-valid', { messageId: 'capped', file, data: { count: capped[1] } });
      if (check) out.push(check);
    }
  }
  return out;
}

/**
 * What to do about a skipped schema validation, by its reason as the validators word it: install
 * a set that is missing, mend one that is there but broken (an import or a type missing:
 * reinstalling in place would keep the stray file), use the compiled validator for a message
 * libxml2 cannot hold, or report a fault of ours.
 */
function skipFix(note: string | undefined, version: string): string {
  if (!note || /\bno XSD set for ERN\b/.test(note)) return installHint(version);
  // The compiled validator's words, then libxml2's.
  if (/could not be compiled|XSD set in .* cannot be used/.test(note)) {
    return `The XSD set for ERN ${version} was found but is broken or incomplete (the reason names the file and line): fix that file, or replace the set with a complete copy ("ddex-check schemas pull ${version}" into an empty folder given to --schemas).`;
  }
  if (/^libxml2 (cannot|could not) validate/.test(note)) return 'Validate with the compiled validator (--schema-engine compiled, the default): it reads the message as a stream, at any size.';
  return 'A fault of ddex-check, not of the message (the other checks ran): please report it with the reason above.';
}

function installHint(version: string): string {
  return `Install the DDEX XSD set for ERN ${version}: run "ddex-check schemas pull ${version}", or pass --schemas DIR / set DDEX_SCHEMAS_DIR to a folder holding ern-${version}/release-notification.xsd.`;
}
