/** Baselines: record today's findings, then report only new ones. */
export { baselineOf, parseBaseline, isBaselined, BaselineMatcher, BaselineError, type Baseline, type BaselineEntry } from './baseline.js';
export { applyBaseline, type BaselinedReport } from './apply.js';
//# sourceMappingURL=index.d.ts.map