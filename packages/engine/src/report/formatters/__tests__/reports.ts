/** Hand-made reports for the formatter tests (the engine's own output is covered by the CLI goldens). */
import type { Check, Report } from '../../types.js';

export function check(partial: Partial<Check> & Pick<Check, 'rule' | 'status'>): Check {
  return {
    stage: 'codes',
    label: partial.rule,
    message: `${partial.rule} ${partial.status}`,
    field: '',
    line: null,
    column: null,
    file: 'message.xml',
    release: null,
    hint: '',
    ...partial,
  };
}

export function report(partial: Partial<Report> & { checks: Check[] }): Report {
  const count = (status: string) => partial.checks.filter((k) => k.status === status).length;
  return {
    source: 'deliveries/batch-1',
    ern_version: '4.3',
    verdict: count('error') ? 'would_be_rejected' : count('warning') ? 'would_import_with_warnings' : 'would_import',
    summary: {
      messages: 1,
      releases: 1,
      pass: count('pass'),
      warnings: count('warning'),
      errors: count('error'),
      skipped: count('skipped'),
      needs_staff: partial.checks.filter((k) => k.needs_staff).length,
    },
    messages: [
      {
        file: 'message.xml',
        ern_version: '4.3',
        root: 'NewReleaseMessage',
        message_id: 'M1',
        sender: 'PADPIDA0000000001',
        created: '2024-01-01T00:00:00Z',
        releases: 1,
        resources: 1,
        tracks: 1,
        deals: 1,
        rejected: false,
      },
    ],
    releases: [
      { file: 'message.xml', reference: 'R1', title: 'Blue Hour', upc: '00602445790128', kind: 'main', outcome: 'left_out', errors: 1, warnings: 0 },
    ],
    would_create: { releases: [], recordings: [], artists: [] },
    engine: { version: '0.1.0', schema_engine: 'libxml2', started_at: '2024-01-01T00:00:00.000Z', duration_ms: 12 },
    ...partial,
  };
}

/** A rejected batch: an ISRC error in release R1 with a location, a missing-schema skip, a pass. */
export function rejectedReport(): Report {
  return report({
    checks: [
      check({
        rule: 'codes-isrc-syntax',
        label: 'ISRC syntax',
        status: 'error',
        message: 'ISRC "GBAYE0000" is not 12 characters CCXXXYYNNNNN',
        field: '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingEdition/ResourceId/ISRC',
        line: 3,
        column: 11,
        release: 'R1',
        resource: 'A1',
        hint: 'Send the ISRC as 12 characters without dashes.',
        message_id: 'syntax',
      }),
      check({ rule: 'xml-schema-valid', stage: 'xml', label: 'Schema valid', status: 'skipped', message: 'No XSD for ERN 4.3 is installed', hint: 'Run ddex-check schemas pull 4.3' }),
      check({ rule: 'codes-upc-checksum', label: 'UPC checksum', status: 'pass', message: 'ok' }),
      check({
        rule: 'deals-territory-known',
        stage: 'deals',
        label: 'Deal territory',
        status: 'warning',
        message: 'Territory "XX" is not sold in',
        field: '/NewReleaseMessage/DealList/ReleaseDeal/Deal/DealTerms/TerritoryCode',
        line: 5,
        column: 1,
        release: 'R1',
        hint: 'Remove the territory or add it to the profile.',
        message_id: 'unknown',
      }),
    ],
  });
}
