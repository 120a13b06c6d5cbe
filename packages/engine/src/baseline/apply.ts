/**
 * Drops baselined checks from a report before anything judges it: the summary, the verdict and
 * the release outcomes are recomputed from the remaining checks, so `--fail-on` and every formatter
 * see only new findings. A release the baseline clears becomes `created` (the report does not keep
 * whether the catalog knew a left-out release); `would_create` is left as the engine computed it.
 */
import type { Check, Report } from '../report/types.js';
import { verdictOf } from '../report/verdict.js';
import { BaselineMatcher } from './baseline.js';

export interface BaselinedReport {
  report: Report;
  /** How many checks the baseline absorbed. */
  baselined: number;
}

function countsOf(checks: readonly Check[]): Omit<Report['summary'], 'messages' | 'releases'> {
  return {
    pass: checks.filter((c) => c.status === 'pass').length,
    warnings: checks.filter((c) => c.status === 'warning').length,
    errors: checks.filter((c) => c.status === 'error').length,
    skipped: checks.filter((c) => c.status === 'skipped').length,
    needs_staff: checks.filter((c) => c.needs_staff && c.status !== 'pass').length,
  };
}

function releaseOutcomes(report: Report, removed: readonly Check[], kept: readonly Check[]): Report['releases'] {
  return report.releases.map((release) => {
    const mine = (c: Check) => c.release === release.reference && (c.file === release.file || !report.messages.some((m) => m.file === c.file));
    const gone = removed.filter(mine);
    if (gone.length === 0) return release;
    // The engine also counts resource findings it attributes through the model; those stay counted.
    const count = (status: Check['status']) =>
      Math.max((status === 'error' ? release.errors : release.warnings) - gone.filter((c) => c.status === status).length, kept.filter((c) => mine(c) && c.status === status).length);
    const errors = count('error');
    const warnings = count('warning');
    const messageRejected = report.messages.some((m) => m.file === release.file && m.rejected);
    const messageError = kept.some((c) => c.file === release.file && c.status === 'error' && c.release === null);
    const staff = kept.some((c) => mine(c) && c.needs_staff && c.status !== 'pass');
    let outcome = release.outcome;
    if (outcome === 'left_out' && errors === 0 && !messageRejected && !messageError) outcome = staff ? 'flagged' : 'created';
    else if (outcome === 'flagged' && !staff && errors === 0) outcome = 'created';
    return { ...release, errors, warnings, outcome };
  });
}

/** Applies one matcher to the reports in order (a matcher's counts are consumed across reports). */
export function applyBaseline(reports: readonly Report[], matcher: BaselineMatcher): BaselinedReport[] {
  return reports.map((report) => {
    const { known, kept } = matcher.split(report);
    if (known.length === 0) return { report, baselined: 0 };
    return {
      report: {
        ...report,
        verdict: verdictOf(kept),
        summary: { ...report.summary, ...countsOf(kept) },
        checks: kept,
        releases: releaseOutcomes(report, known, kept),
      },
      baselined: known.length,
    };
  });
}
