/** Staff commands for payouts: `admin payout request|approve|complete|fail` and `admin balance adjust|show`. */
import type { Command } from 'commander';
import { AdminError } from '../admin/admin-error.js';
import type { IntArg, WithDb } from '../admin/admin-kit.js';
import { nowIso } from '../clock.js';
import { balanceOf, movePayout, PayoutError, requestPayout } from './balance.js';

const staff = async <T>(fn: () => Promise<T>): Promise<T> => {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof PayoutError) throw new AdminError(error.message);
    throw error;
  }
};

export function registerPayoutAdmin(admin: Command, withDb: WithDb, intArg: IntArg): void {
  const payout = admin.command('payout').description('withdrawal requests and the staff\'s decisions on them');
  payout
    .command('request')
    .description('request a withdrawal for an account (the dashboard will offer it)')
    .requiredOption('--account <id>', 'account id', intArg('--account'))
    .requiredOption('--amount-cents <n>', 'amount in cents', intArg('--amount-cents'))
    .action(withDb((db, o, env) => staff(() => requestPayout(db, env.dialect, o.account as number, o.amountCents as number)), (p) => `payout ${p.id} requested: ${p.amount_cents} cents reserved`));
  for (const move of ['approve', 'complete', 'fail'] as const) {
    const cmd = payout.command(move).requiredOption('--id <id>', 'payout id', intArg('--id'));
    if (move === 'fail') cmd.option('--reason <text>', 'what the partner reads');
    cmd.action(withDb((db, o, env) => staff(() => movePayout(db, env.dialect, o.id as number, move, (o.reason as string | undefined) ?? null)), (p) => `payout ${p.id}: ${p.status}`));
  }
  const balance = admin.command('balance').description("an account's balance");
  balance
    .command('show')
    .requiredOption('--account <id>', 'account id', intArg('--account'))
    .action(withDb((db, o, env) => balanceOf(db, env.dialect, o.account as number), (b) => JSON.stringify(b)));
  balance
    .command('adjust')
    .requiredOption('--account <id>', 'account id', intArg('--account'))
    .requiredOption('--cents <n>', 'positive or negative whole cents')
    .requiredOption('--note <text>', 'why (kept with the adjustment)')
    .action(
      withDb(async (db, o) => {
        const cents = Number(o.cents);
        if (!Number.isInteger(cents) || cents === 0) throw new AdminError('--cents must be a non-zero whole number');
        await db.insertInto('balance_adjustments').values({ account_id: o.account as number, amount_cents: cents, note: String(o.note), created_at: nowIso() }).execute();
        return { account_id: o.account as number, cents };
      }, (r) => `account ${r.account_id}: adjusted by ${r.cents} cents`),
    );
}
