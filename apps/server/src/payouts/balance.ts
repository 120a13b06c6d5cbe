/**
 * The balance and withdrawal requests (payouts). The balance, in cents:
 *   earned    = the committed statements' rows of the account, summed exactly and rounded once
 *   manual    = the staff's adjustments (positive or negative)
 *   reserved  = payouts requested or approved, not yet completed or failed
 *   paid      = payouts completed
 *   available = earned + manual - reserved - paid
 * A request reserves its amount only when it fits in `available`, checked and written in one
 * statement (INSERT … SELECT … WHERE available >= amount), after locking the account's row on
 * PostgreSQL: two requests at once can never reserve more than is available.
 * Transitions (staff): requested -> approved -> completed; requested or approved -> failed (with a
 * reason; the amount is available again). Each writes its `payout.*` event in its transaction.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Dialect } from '../db/connect.js';
import { emitEvent } from '../events/emit.js';
import { nowIso } from '../clock.js';
import type { PayoutTable } from './tables.js';
import './tables.js';
import '../earnings/tables.js';

export class PayoutError extends Error {}

type Db = Kysely<Database> | Transaction<Database>;

/** The balance's parts as SQL of one account, in cents (earned rounded half up at the cent, once). */
function balanceSql(accountId: number, dialect: Dialect) {
  // Integer division in both databases (PostgreSQL's sum of bigints is numeric: div() keeps it whole).
  const micro = sql`(select sum(r.amount_micro_usd) from statement_rows r join statements s on s.id = r.statement_id where r.account_id = ${accountId} and s.status = 'committed')`;
  const earned = dialect === 'postgres' ? sql<string>`coalesce(div(${micro} + 5000, 10000), 0)` : sql<string>`coalesce((${micro} + 5000) / 10000, 0)`;
  const manual = sql<string>`coalesce((select sum(amount_cents) from balance_adjustments where account_id = ${accountId}), 0)`;
  const reserved = sql<string>`coalesce((select sum(amount_cents) from payouts where account_id = ${accountId} and status in ('requested', 'approved')), 0)`;
  const paid = sql<string>`coalesce((select sum(amount_cents) from payouts where account_id = ${accountId} and status = 'completed'), 0)`;
  return { earned, manual, reserved, paid };
}

export async function balanceOf(db: Db, dialect: Dialect, accountId: number) {
  const b = balanceSql(accountId, dialect);
  const row = (await sql<{ earned: string; manual: string; reserved: string; paid: string }>`select ${b.earned} as earned, ${b.manual} as manual, ${b.reserved} as reserved, ${b.paid} as paid`.execute(db)).rows[0];
  const [earned, manual, reserved, paid] = [row.earned, row.manual, row.reserved, row.paid].map((v) => Math.trunc(Number(v)));
  return { currency: 'USD', earned_cents: earned, reserved_cents: reserved, paid_cents: paid, manual_cents: manual, available_cents: earned + manual - reserved - paid };
}

export function payoutView(p: Pick<PayoutTable, 'amount_cents' | 'currency' | 'status' | 'failed_reason' | 'created_at' | 'approved_at' | 'completed_at'> & { id: number }) {
  return { id: p.id, amount_cents: Number(p.amount_cents), currency: p.currency, status: p.status, failed_reason: p.failed_reason, created_at: p.created_at, approved_at: p.approved_at, completed_at: p.completed_at };
}

/** The account's payouts, newest first (GET /payouts and the dashboard's Money page). */
export async function listPayouts(db: Db, accountId: number) {
  const rows = await db.selectFrom('payouts').selectAll().where('account_id', '=', accountId).orderBy('id', 'desc').execute();
  return rows.map(payoutView);
}

/** A withdrawal request: reserved at once if it fits in the available balance, else refused. */
export async function requestPayout(db: Kysely<Database>, dialect: Dialect, accountId: number, amountCents: number) {
  if (!Number.isInteger(amountCents) || amountCents <= 0) throw new PayoutError('the amount must be a positive whole number of cents');
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select id from accounts where id = ${accountId} for update`.execute(trx);
    const b = balanceSql(accountId, dialect);
    const now = nowIso();
    const inserted = await sql<{ id: number }>`
      insert into payouts (account_id, amount_cents, currency, status, failed_reason, created_at, approved_at, completed_at)
      select ${accountId}, ${amountCents}, 'USD', 'requested', null, ${now}, null, null
      where (${b.earned}) + (${b.manual}) - (${b.reserved}) - (${b.paid}) >= ${amountCents}
      returning id`.execute(trx);
    const id = inserted.rows[0]?.id;
    if (id === undefined) {
      const balance = await balanceOf(trx, dialect, accountId);
      throw new PayoutError(`${amountCents} cents is more than the available ${balance.available_cents} cents`);
    }
    const payout = await trx.selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await emitEvent(trx, { accountId, type: 'payout.requested', data: { payout: payoutView(payout) } });
    return payoutView(payout);
  });
}

const MOVES = {
  approve: { from: ['requested'], to: 'approved', event: 'payout.approved' },
  complete: { from: ['approved'], to: 'completed', event: 'payout.completed' },
  fail: { from: ['requested', 'approved'], to: 'failed', event: 'payout.failed' },
} as const;

export async function movePayout(db: Kysely<Database>, dialect: Dialect, id: number, move: keyof typeof MOVES, reason: string | null = null) {
  const m = MOVES[move];
  if (move === 'fail' && !reason) throw new PayoutError('fail needs a --reason the partner will read');
  return db.transaction().execute(async (trx) => {
    const q = trx.selectFrom('payouts').selectAll().where('id', '=', id);
    const payout = await (dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
    if (!payout) throw new PayoutError(`payout ${id} does not exist`);
    if (!(m.from as readonly string[]).includes(payout.status)) throw new PayoutError(`payout ${id} is ${payout.status}: it cannot be moved to ${m.to} (allowed from ${m.from.join(', ')})`);
    const now = nowIso();
    const changes = { status: m.to, ...(move === 'approve' ? { approved_at: now } : {}), ...(move === 'complete' ? { completed_at: now } : {}), ...(move === 'fail' ? { failed_reason: reason } : {}) };
    await trx.updateTable('payouts').set(changes).where('id', '=', id).execute();
    const updated = { ...payout, ...changes };
    await emitEvent(trx, { accountId: payout.account_id, type: m.event, data: { payout: payoutView(updated) } });
    return payoutView(updated);
  });
}
