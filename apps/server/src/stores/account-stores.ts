/**
 * An account's target stores: the store profiles whose verdicts its reports carry (dry runs and
 * deliveries). Set by staff (`ddex-server admin stores set`); ids are the engine's store ids.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { compiledOnce, rowsOf } from '../db/compiled-once.js';
import './tables.js';

export class UnknownStoreError extends Error {}

/** The account's stores in the order set; [] when none. */
/** Compiled once: every dry run asks it. */
const storesOf = compiledOnce((db, { accountId }: { accountId: number }) => db.selectFrom('account_stores').select('store').where('account_id', '=', accountId).orderBy('position'));

export async function accountStores(db: Kysely<Database>, accountId: number): Promise<string[]> {
  const rows = await rowsOf(db, storesOf(db, { accountId }));
  return rows.map((r) => r.store);
}

/** Replaces the account's stores (one transaction); throws UnknownStoreError naming an id the engine has no profile for. */
export async function setAccountStores(db: Kysely<Database>, accountId: number, ids: readonly string[]): Promise<string[]> {
  // The engine is loaded here, not with the admin commands that import this file.
  const { STORES } = await import('@ddex-check/engine');
  const known = STORES.map((s) => s.id);
  const wanted = [...new Set(ids.map((id) => id.trim().toLowerCase()).filter(Boolean))];
  const unknown = wanted.filter((id) => !known.includes(id));
  if (unknown.length) throw new UnknownStoreError(`unknown store ${unknown.join(', ')} (stores: ${known.join(', ')})`);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('account_stores').where('account_id', '=', accountId).execute();
    if (wanted.length) await trx.insertInto('account_stores').values(wanted.map((store, position) => ({ account_id: accountId, store, position }))).execute();
  });
  return wanted;
}
