/** Staff commands: `admin stores set --account N --stores spotify,youtube` (or `--clear`) and `admin stores show --account N`. */
import type { Command } from 'commander';
import { AdminError } from '../admin/admin-error.js';
import type { IntArg, WithDb } from '../admin/admin-kit.js';
import { accountStores, setAccountStores, UnknownStoreError } from './account-stores.js';

const printStores = (r: { account: number; stores: string[] }) => `account ${r.account}: ${r.stores.length ? r.stores.join(', ') : 'no target stores'}`;

export function registerStoreAdmin(admin: Command, withDb: WithDb, intArg: IntArg): void {
  const stores = admin.command('stores').description("an account's target stores: its reports carry a verdict per store");
  stores
    .command('set')
    .description('set the stores (store ids: ddex-check profiles list)')
    .requiredOption('--account <id>', 'account id', intArg('--account'))
    .option('--stores <list>', 'comma-separated store ids, e.g. spotify,youtube')
    .option('--clear', 'no target stores')
    .action(
      withDb(async (db, o) => {
        if (!o.clear && !o.stores) throw new AdminError('give --stores spotify,youtube,... or --clear');
        const account = await db.selectFrom('accounts').select('id').where('id', '=', o.account as number).executeTakeFirst();
        if (!account) throw new AdminError(`no account ${o.account}`);
        try {
          return { account: account.id, stores: await setAccountStores(db, account.id, o.clear ? [] : String(o.stores).split(',')) };
        } catch (error) {
          if (error instanceof UnknownStoreError) throw new AdminError(error.message);
          throw error;
        }
      }, printStores),
    );
  stores
    .command('show')
    .description("the account's stores")
    .requiredOption('--account <id>', 'account id', intArg('--account'))
    .action(withDb(async (db, o) => ({ account: o.account as number, stores: await accountStores(db, o.account as number) }), printStores));
}
