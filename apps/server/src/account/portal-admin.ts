/**
 * `ddex-server admin account domain add|remove|list`: the operator attaches white-label portal
 * domains to an account (issue 50; `portal-domains.ts` says what a valid domain is).
 */
import type { Command } from 'commander';
import type { IntArg, WithDb } from '../admin/admin-kit.js';
import { addPortalDomain, listPortalDomains, removePortalDomain } from './portal-domains.js';

export function registerPortalDomainAdmin(account: Command, withDb: WithDb, intArg: IntArg): void {
  const domain = account.command('domain').description("white-label portal domains: /api/v1 stays the portal's base there, and only the account's keys are accepted");
  domain
    .command('add')
    .requiredOption('--account <id>', 'account id', intArg('--account'))
    .requiredOption('--domain <name>', 'host name, such as portal.example.com')
    .action(withDb((db, o) => addPortalDomain(db, o.account as number, o.domain as string), (r) => `${r.domain} is now the portal domain of account ${r.account_id}`));
  domain
    .command('remove')
    .requiredOption('--account <id>', 'account id', intArg('--account'))
    .requiredOption('--domain <name>', 'host name')
    .action(withDb((db, o) => removePortalDomain(db, o.account as number, o.domain as string), (r) => `${r.domain} removed from account ${r.account_id}`));
  domain
    .command('list')
    .option('--account <id>', 'only this account', intArg('--account'))
    .action(withDb((db, o) => listPortalDomains(db, o.account as number | undefined), (rows) => rows.map((r) => `${r.account_id}\t${r.domain}\t${r.created_at}`).join('\n')));
}
