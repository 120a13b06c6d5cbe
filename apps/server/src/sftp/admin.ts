/**
 * `ddex-server admin sftp …`: the account's login (`create` prints the user name and password once;
 * `add-key` adds an SSH public key; `revoke` ends its sessions), the host key's fingerprint, the
 * batches the inbox received, and `admin test-report list` (every test of an account, API or SFTP).
 */
import fs from 'node:fs';
import type { Command } from 'commander';
import { AdminError } from '../admin/admin-error.js';
import type { IntArg, WithDb } from '../admin/admin-kit.js';
import { listTestReports } from '../test-reports/store.js';
import { addPublicKey, createLogin, revokeLogin } from './logins.js';
import { fingerprintOf, hostKeySource, loadOrCreateHostKey } from './host-key.js';
import { InboxTree } from './inbox-tree.js';
import './tables.js';

export function registerSftpAdmin(admin: Command, withDb: WithDb, intArg: IntArg): void {
  const sftp = admin.command('sftp').description('the SFTP inbox: logins, host key, batches received');
  sftp
    .command('create')
    .description('the account\'s SFTP login; prints its password once')
    .requiredOption('--account <id>', 'account id', intArg('--account'))
    .action(
      withDb(
        async (db, o, env) => {
          const login = await createLogin(db, o.account as number);
          new InboxTree(env.config.dataDir).ensure(login.account_id);
          return login;
        },
        (r) => `SFTP login for account ${r.account_id} created; copy the password now, it is not shown again:\nuser ${r.username}\npassword ${r.password}`,
      ),
    );
  sftp
    .command('add-key')
    .description('adds an SSH public key (a line of a .pub file) to the account\'s login')
    .requiredOption('--account <id>', 'account id', intArg('--account'))
    .option('--key <line>', 'the public key line (ssh-ed25519 AAAA… comment)')
    .option('--key-file <file>', 'a .pub file')
    .action(
      withDb(
        async (db, o) => {
          const line = o.key ? String(o.key) : o.keyFile ? fs.readFileSync(String(o.keyFile), 'utf8').split('\n')[0] : null;
          if (!line) throw new AdminError('give --key or --key-file');
          return addPublicKey(db, o.account as number, line);
        },
        (r) => `account ${r.account_id}: ${r.keys} public key(s) on its SFTP login`,
      ),
    );
  sftp
    .command('revoke')
    .description('revokes the account\'s login; its open sessions end within seconds')
    .requiredOption('--account <id>', 'account id', intArg('--account'))
    .action(withDb((db, o) => revokeLogin(db, o.account as number), (r) => `SFTP login ${r.username} revoked`));
  sftp
    .command('host-key')
    .description('the SSH host key\'s fingerprint (made now when the server never started)')
    .action(
      withDb(
        async (db, _o, env) => ({ source: hostKeySource(), ...fingerprintOf(await loadOrCreateHostKey(db, env.config.dataDir)) }),
        (r) => `${r.fingerprint} (${r.type})\n${r.publicKey}`,
      ),
    );
  sftp
    .command('batches')
    .description('batches and test files the inbox received')
    .requiredOption('--account <id>', 'account id', intArg('--account'))
    .action(
      withDb(
        (db, o) => db.selectFrom('sftp_batches').selectAll().where('account_id', '=', o.account as number).orderBy('id').execute(),
        (rows) => rows.map((r) => `${r.id}\t/${r.area}/${r.name}\t${r.status}\t${r.delivery_id ? `delivery ${r.delivery_id}` : ''}${r.error ? `\t${r.error}` : ''}`).join('\n'),
      ),
    );

  admin
    .command('test-report')
    .description('test reports (dry runs from the API and SFTP /test, kept 90 days)')
    .command('list')
    .requiredOption('--account <id>', 'account id', intArg('--account'))
    .option('--with-report', 'include each report')
    .action(
      withDb(
        (db, o) => listTestReports(db, o.account as number, { withReport: Boolean(o.withReport) }),
        (rows) => rows.map((r) => `${r.id}\t${r.created_at}\t${r.source}\t${r.name}\t${r.verdict}`).join('\n'),
      ),
    );
}
