/** The report of a run: the base report, and `stores` when stores were asked for. */
import { buildReport } from '../report/build.js';
import type { Report } from '../report/types.js';
import { splitStoreChecks } from './verdict.js';
import type { StoreProfile } from './types.js';

/** The report of the base checks, with `stores` (each asked store's verdict and checks) when stores were asked for. */
export function finishReport(input: Parameters<typeof buildReport>[0], stores: readonly StoreProfile[]): Report {
  if (stores.length === 0) return buildReport(input);
  const split = splitStoreChecks(input.checks, stores);
  const { engine, ...report } = buildReport({ ...input, checks: split.base });
  return { ...report, stores: split.stores, engine };
}
