/**
 * Per-store verdicts: a store's checks are its requirements' checks; its verdict also counts the
 * base errors that reject a delivery for every store (a message that is not well-formed, not
 * schema-valid, whose references do not resolve...). The service's own choices (its genres,
 * territories, artwork size, audio formats) and its staff decisions are not a store's reasons.
 */
import type { Check, Report, StoreVerdict } from '../report/types.js';
import { verdictOf } from '../report/verdict.js';
import type { StoreProfile } from './types.js';

/** Base stages whose errors reject everywhere: the package, the XML, and the release, codes and deals structure. */
const UNIVERSAL_STAGES = new Set(['package', 'xml', 'release', 'codes', 'deals']);
/** Base rules of those stages that are the service's choice or need its catalog, not a store's. */
const SERVICE_RULES = new Set(['codes-upc-owner', 'codes-isrc-reused', 'codes-upc-live-update', 'release-main-flagged', 'deals-takedown']);
/** Media files that cannot be decoded are rejected by any store. */
const UNIVERSAL_MEDIA_RULES = new Set(['audio-file-decodable', 'artwork-file-decodable', 'video-file-decodable']);

export function rejectsEverywhere(check: Check): boolean {
  if (check.status !== 'error' || check.needs_staff) return false;
  if (UNIVERSAL_MEDIA_RULES.has(check.rule)) return true;
  return UNIVERSAL_STAGES.has(check.stage) && !SERVICE_RULES.has(check.rule);
}

/** Splits the run's checks into the base checks and one verdict per asked store. */
export function splitStoreChecks(all: readonly Check[], stores: readonly StoreProfile[]): { base: Check[]; stores: Record<string, StoreVerdict> } {
  const base: Check[] = [];
  const byStore = new Map<string, Check[]>(stores.map((s) => [s.id, []]));
  for (const check of all) {
    if (check.store === undefined) {
      base.push(check);
      continue;
    }
    const { store, ...rest } = check;
    byStore.get(store)?.push(rest);
  }
  const out: Record<string, StoreVerdict> = {};
  for (const store of stores) out[store.id] = storeVerdict(store.name, byStore.get(store.id) ?? [], base);
  return { base, stores: out };
}

/** A store's verdict from its requirements' checks and the base checks of the report. */
export function storeVerdict(name: string, checks: Check[], base: readonly Check[]): StoreVerdict {
  const blocking = base.filter(rejectsEverywhere);
  return {
    name,
    verdict: verdictOf([...blocking, ...checks]),
    summary: {
      pass: checks.filter((c) => c.status === 'pass').length,
      warnings: checks.filter((c) => c.status === 'warning').length,
      errors: checks.filter((c) => c.status === 'error').length,
      skipped: checks.filter((c) => c.status === 'skipped').length,
      needs_staff: checks.filter((c) => c.needs_staff && c.status !== 'pass').length,
      base_errors: blocking.length,
    },
    checks,
    base_errors: [...new Set(blocking.map((c) => c.rule))],
  };
}

/** The stores of a report judged again on other base checks (a baseline hid some): their own checks are kept as they are. */
export function rejudgeStores(stores: Report['stores'], base: readonly Check[]): Report['stores'] {
  if (!stores) return stores;
  return Object.fromEntries(Object.entries(stores).map(([id, s]) => [id, storeVerdict(s.name, s.checks, base)]));
}
