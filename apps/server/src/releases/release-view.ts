/**
 * A release as the API shows it (spec 2.10; the shape is ours), with the deprecated words of spec
 * section 9.4 beside their replacements until the sunset (2027-04-30, on the server's clock):
 * `status` beside `release_status`, `stores[key].state` beside `status` and `phase`.
 */
import type { Selectable } from 'kysely';
import type { ReleaseStoreTable, ReleaseTable } from './tables.js';
import { nowMs } from '../clock.js';

/** The sunset of the deprecated words (and of the legacy base path). */
export const WORDS_SUNSET_MS = Date.UTC(2027, 3, 30);
export const LIVE_STATES = ['live', 'partially_live'];

export const deprecatedWordsLive = () => nowMs() < WORDS_SUNSET_MS;

/** The deprecated `status` of spec 9.4. */
export function legacyStatus(releaseStatus: string, deliveryState: string): string {
  switch (releaseStatus) {
    case 'in_review':
      return 'pending';
    case 'approved':
      return LIVE_STATES.includes(deliveryState) ? 'distributed' : 'approved';
    case 'changes_requested':
      return 'rejected';
    default:
      return 'archived';
  }
}

/** `historyUrl`: GET /releases/{id}/history on the host and base that were called (routes.ts). */
export function releaseView(row: Selectable<ReleaseTable>, stores: Selectable<ReleaseStoreTable>[], historyUrl: string, withDeprecated = deprecatedWordsLive()) {
  const byStore: Record<string, Record<string, string>> = {};
  for (const s of stores) {
    byStore[s.store] = { status: s.status, phase: s.phase, ...(withDeprecated ? { state: s.phase } : {}), updated_at: s.updated_at };
  }
  return {
    id: row.id,
    upc: row.upc,
    title: row.title,
    member_id: row.member_id,
    release_status: row.release_status,
    status_reason: row.status_reason ?? null,
    ...(withDeprecated ? { status: legacyStatus(row.release_status, row.delivery_state) } : {}),
    delivery_state: row.delivery_state,
    stores: byStore,
    created_by_delivery_id: row.created_by_delivery_id,
    last_delivery_id: row.last_delivery_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    history_url: historyUrl,
  };
}
