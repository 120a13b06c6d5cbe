/**
 * Drops baselined checks from a report before anything judges it: the summary, the verdict and
 * the release outcomes are recomputed from the remaining checks, so `--fail-on` and every formatter
 * see only new findings. A release the baseline clears becomes `created` (the report does not keep
 * whether the catalog knew a left-out release); `would_create` is left as the engine computed it.
 */
import { rejudgeStores } from '../stores/verdict.js';
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
  const messageFiles = new Set(report.messages.map((m) => m.file));
  return report.releases.map((release) => {
    const mine = (c: Check) => c.release === release.reference && (c.file === release.file || !messageFiles.has(c.file));
    const sameFile = (c: Check) => c.file === release.file && c.release === null;
    if (!removed.some((c) => mine(c) || sameFile(c))) return release;
    // Findings without a release (resource- or message-level) were attributed by the engine through
    // the model, which the report does not keep: while one is left, the outcome is not improved.
    const unattributed = kept.some((c) => sameFile(c) && c.status === 'error');
    const count = (status: Check['status']) => kept.filter((c) => mine(c) && c.status === status).length;
    const errors = unattributed ? Math.max(count('error'), release.errors - removed.filter((c) => (mine(c) || sameFile(c)) && c.status === 'error').length) : count('error');
    const warnings = count('warning');
    const rejected = report.messages.some((m) => m.file === release.file && m.rejected);
    const staff = kept.some((c) => mine(c) && c.needs_staff && c.status !== 'pass');
    let outcome = release.outcome;
    if ((outcome === 'left_out' || outcome === 'flagged') && errors === 0 && !rejected && !unattributed) outcome = staff ? 'flagged' : 'created';
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
        // A store's verdict counts the base errors: those the baseline hides no longer count.
        ...(report.stores ? { stores: rejudgeStores(report.stores, kept) } : {}),
      },
      baselined: known.length,
    };
  });
}
