/**
 * Each release's message history: an entry per delivery that touched the release, written in the
 * import's transaction, holding the release's snapshot as that delivery's message had it and what
 * changed against the catalog. "The catalog" is the last entry that was imported (created or
 * updated): a flagged update waits for staff and a left-out one was refused, so neither changed
 * the catalog, and the next delivery is compared with what the catalog holds, not with them.
 */
import type { Transaction } from 'kysely';
import { diffReleaseSnapshots, territoryUniverse, type ErnVersion, type ReleaseSnapshot, type TerritoryUniverse } from '@ddex-check/engine';
import type { Database } from '../db/schema.js';
import type { DeliveryReport } from '../ddex/engine-task.js';
import type { PlannedItem } from '../ddex/release-items.js';
import './tables.js';

/** Changes an item or a history entry lists; `count` says how many there were in all. */
export const LISTED_CHANGES = 50;
/** Sentences of the summary before "and N more". */
const LISTED_NOTES = 10;

export interface ChangeItem {
  field: string;
  kind: 'added' | 'removed' | 'changed';
  /** The recording's or party's key (`ISRC …`) when the change is one of theirs; null for the release's own. */
  resource: string | null;
  old: unknown;
  new: unknown;
}

/** What the `changes` column holds. */
export interface StoredChanges {
  count: number;
  items: ChangeItem[];
  notes: string[];
}

/** What the import decided for one item (import-releases.ts's decision). */
export interface DecidedItem {
  item: PlannedItem;
  outcome: string;
  releaseId: number | null;
}

/** Writes the history entry of every release the delivery touched; the items read their changes from these entries. */
export async function recordHistory(trx: Transaction<Database>, job: { id: number; account_id: number; member_id: number }, report: DeliveryReport, decisions: DecidedItem[], now: string): Promise<void> {
  // A reclaimed job imports from scratch: its entries of an earlier, rolled-back or interrupted attempt go.
  await trx.deleteFrom('release_history').where('delivery_id', '=', job.id).execute();
  const universes = new Map<string, Promise<TerritoryUniverse | null>>();
  const universeOf = (version: string) => {
    if (!universes.has(version)) universes.set(version, territoryUniverse(version as ErnVersion).catch(() => null));
    return universes.get(version)!;
  };
  for (const { item, outcome, releaseId: decided } of decisions) {
    if (outcome === 'test') continue;
    // A refused delivery of a release the member has is part of its history too.
    const releaseId = decided ?? (outcome === 'left_out' && item.upc ? ((await trx.selectFrom('releases').select('id').where('member_id', '=', job.member_id).where('upc', '=', item.upc).executeTakeFirst())?.id ?? null) : null);
    if (releaseId === null) continue;
    const message = report.release_snapshots?.find((m) => m.file === item.file);
    const snapshot = message?.releases.find((r) => r.release.reference === item.ref) ?? null;
    const previous = await trx
      .selectFrom('release_history')
      .select(['snapshot', 'delivery_id'])
      .where('release_id', '=', releaseId)
      .where('outcome', 'in', ['created', 'updated'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const compared = outcome === 'created' ? { changes: null, summary: 'new release' } : await compare(previous, snapshot, message?.skipped ?? null, universeOf);
    await trx
      .insertInto('release_history')
      .values({
        release_id: releaseId,
        delivery_id: job.id,
        account_id: job.account_id,
        item_position: item.position,
        message_id: report.messages.find((m) => m.file === item.file)?.message_id ?? null,
        file: item.file,
        created_at: now,
        outcome,
        snapshot: snapshot ? JSON.stringify(snapshot) : null,
        changes: compared.changes ? JSON.stringify(compared.changes) : null,
        summary: compared.summary,
      })
      .execute();
  }
}

async function compare(
  previous: { snapshot: string | null; delivery_id: number } | undefined,
  snapshot: ReleaseSnapshot | null,
  skipped: string | null,
  universeOf: (version: string) => Promise<TerritoryUniverse | null>,
): Promise<{ changes: StoredChanges | null; summary: string }> {
  if (!snapshot) return { changes: null, summary: `not compared: ${skipped ?? 'no snapshot of this release was taken'}` };
  if (!previous) return { changes: null, summary: 'not compared: no earlier delivery of this release was kept (it was imported before the history was)' };
  if (!previous.snapshot) return { changes: null, summary: `not compared: delivery ${previous.delivery_id}, the last imported, has no snapshot of this release` };
  try {
    const diff = diffReleaseSnapshots(JSON.parse(previous.snapshot) as ReleaseSnapshot, snapshot, await universeOf(snapshot.version));
    const key = snapshot.release.key;
    // The release's own sentences drop its name: the entry is already the release's.
    const prefix = `release ${key}${snapshot.release.title ? ` "${snapshot.release.title}"` : ''}: `;
    const notes = diff.summary.notes.map((n) => (n.startsWith(prefix) ? n.slice(prefix.length) : n));
    const items = diff.changes.slice(0, LISTED_CHANGES).map((c) => ({ field: c.field, kind: c.kind, resource: c.resource, old: c.old, new: c.new }));
    return { changes: { count: diff.changes.length, items, notes }, summary: summaryOf(diff.changes.length, notes) };
  } catch (error) {
    // A stored snapshot this engine cannot read (another format) loses the comparison, never the import.
    return { changes: null, summary: `not compared: ${(error as Error).message}` };
  }
}

function summaryOf(count: number, notes: string[]): string {
  if (count === 0) return 'no change';
  if (notes.length === 0) return `${count} change${count === 1 ? '' : 's'}`;
  const shown = notes.slice(0, LISTED_NOTES).join('; ');
  return notes.length > LISTED_NOTES ? `${shown}; and ${notes.length - LISTED_NOTES} more` : shown;
}

/** The `changes` of an item or an entry as the API gives them: null when there was nothing to compare with. */
export function changesOut(row: { changes: string | null; summary: string } | undefined) {
  if (!row?.changes) return null;
  const stored = JSON.parse(row.changes) as StoredChanges;
  return { summary: row.summary, count: stored.count, items: stored.items };
}
