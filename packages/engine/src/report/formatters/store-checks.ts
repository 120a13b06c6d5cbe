/** What every formatter needs of `report.stores`: the stores in order, and their checks labelled with the store. */
import type { Check, Report, StoreVerdict } from '../types.js';

export interface StoreCheck {
  store: string;
  name: string;
  check: Check;
}

export function storesOf(report: Report): (StoreVerdict & { id: string })[] {
  return Object.entries(report.stores ?? {}).map(([id, verdict]) => ({ id, ...verdict }));
}

/** Every check of every store of the report, store by store. */
export function storeChecks(report: Report): StoreCheck[] {
  return storesOf(report).flatMap((s) => s.checks.map((check) => ({ store: s.id, name: s.name, check })));
}
