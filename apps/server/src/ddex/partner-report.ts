/**
 * The engine's report as the server gives it out (POST /ddex/validate, SFTP /test reports, the
 * deliveries' `ern_version`): the spec types `ern_version` as a string, so a version that could not
 * be read (no message parsed) is `""`, never null, everywhere, as a delivery's has always been.
 * The CLI's JSON keeps the engine's null.
 */
import type { Report } from '@ddex-check/engine';

export function asPartnerReport(report: Report): Report {
  return {
    ...report,
    ern_version: report.ern_version ?? '',
    messages: report.messages.map((m) => ({ ...m, ern_version: m.ern_version ?? '' })),
  };
}
