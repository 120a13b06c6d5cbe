/** Baselines: record today's findings, then report only new ones. */
export { baselineOf, parseBaseline, isBaselined, BaselineMatcher, BaselineError } from './baseline.js';
export { applyBaseline } from './apply.js';
//# sourceMappingURL=index.js.map