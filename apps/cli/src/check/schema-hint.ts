/**
 * When schema validation was skipped because no XSD set is installed, one line on stderr says how
 * to get it, per ERN version (the report's check says so too, but a reader of JSON or SARIF output
 * would not see it).
 */
import type { Report } from '@ddex-check/engine';

export function schemaHints(reports: readonly Report[]): string[] {
  const versions = new Set<string>();
  for (const report of reports) {
    for (const check of report.checks) {
      if (check.rule !== 'xml-schema-valid' || check.status !== 'skipped' || !/no XSD set/.test(check.message)) continue;
      const version = report.messages.find((m) => m.file === check.file)?.ern_version ?? /ERN (\d+(?:\.\d+)+)/.exec(check.message)?.[1];
      if (version) versions.add(version);
    }
  }
  return [...versions].sort().map((v) => `hint: no DDEX XSD set for ERN ${v} is installed, so schema validation was skipped; run "ddex-check schemas pull ${v}" (or pass --schemas DIR)`);
}
