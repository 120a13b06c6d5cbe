/** `ddex-server admin user …`: the dashboard's people. `invite` prints the one-time link to set a password. */
import type { Command } from 'commander';
import { AdminError } from '../admin/admin-error.js';
import { dashboardBaseOf } from '../account/portal-domains.js';
import type { IntArg, WithDb } from '../admin/admin-kit.js';
import { INVITATION_DAYS, inviteUser, listUsers, removeUser } from './users.js';

/** Where the link points: the account's portal domain, else PUBLIC_URL, else the address a server of this configuration listens on (`dashboardBaseOf`). */
export const invitationLink = (base: string, token: string) => `${base}/dashboard/invite/${token}`;

export function registerUserAdmin(admin: Command, withDb: WithDb, intArg: IntArg): void {
  const user = admin.command('user').description('people who sign in to an account\'s dashboard');
  user
    .command('invite')
    .description(`print a one-time link (valid ${INVITATION_DAYS} days) where the person sets a password`)
    .requiredOption('--account <id>', 'account id', intArg('--account'))
    .requiredOption('--email <email>')
    .action(
      withDb(
        async (db, o, { config }) => {
          const result = await inviteUser(db, o.account as number, o.email as string);
          if (!result.ok) throw new AdminError(result.message);
          const { base } = await dashboardBaseOf(db, o.account as number, config.publicUrl ?? `http://localhost:${config.port}`);
          return { id: result.userId, link: invitationLink(base, result.token), expires_at: result.expiresAt };
        },
        (r) => `user ${r.id} invited; send this link (it works once, until ${r.expires_at}):\n${r.link}`,
      ),
    );
  user.command('list').requiredOption('--account <id>', 'account id', intArg('--account')).action(withDb((db, o) => listUsers(db, o.account as number), (rows) => rows.map((r) => `${r.id}\t${r.email}\t${r.status}\t${r.last_sign_in_at ?? 'never signed in'}`).join('\n')));
  user
    .command('remove')
    .requiredOption('--account <id>', 'account id', intArg('--account'))
    .requiredOption('--id <id>', 'user id', intArg('--id'))
    .action(
      withDb(
        async (db, o) => {
          if (!(await removeUser(db, o.account as number, o.id as number))) throw new AdminError(`no user ${o.id} in account ${o.account}`);
          return { id: o.id as number, removed: true };
        },
        (r) => `user ${r.id} removed; their sessions ended`,
      ),
    );
}
