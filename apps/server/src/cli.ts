/**
 * `ddex-server`: `start` serves the API (no other set-up: the database and blob folder are created
 * in the data directory); `admin …` manages accounts, members and keys. `run(argv)` returns the exit
 * code; only the bin exits.
 */
import { Command, CommanderError } from 'commander';
import { loadConfig, type ConfigFlags } from './config.js';
import { openMigratedDb } from './db/connect.js';
import * as admin from './admin/admin-commands.js';
import { registerReleaseAdmin } from './releases/admin.js';
import { registerEarningsAdmin } from './earnings/admin.js';
import { registerPayoutAdmin } from './payouts/admin.js';
import { registerLinkAdmin } from './links/admin.js';
import { registerSftpAdmin } from './sftp/admin.js';
import { registerStoreAdmin } from './stores/admin.js';
import { StartupRefused } from './startup-refused.js';
import { intArg, type WithDb } from './admin/admin-kit.js';

export async function run(argv: string[], out: (line: string) => void = (l) => process.stdout.write(l + '\n')): Promise<number> {
  let exit = 0;
  const program = new Command('ddex-server').description('Partner API around the ddex-check engine').exitOverride();
  program.configureOutput({ writeOut: (s) => out(s.trimEnd()), writeErr: (s) => process.stderr.write(s) });

  program
    .command('start')
    .description('serve the partner API')
    .option('--roles <list>', 'roles of this process: api, worker, sftp (ROLES, default all three)')
    .option('--port <port>', 'port (PORT, default 8080; 0 picks a free one)')
    .option('--host <host>', 'host to bind (HOST, default 0.0.0.0)')
    .option('--data-dir <dir>', 'data directory: database, blobs (DATA_DIR, default ./data)')
    .option('--quiet', 'no request log')
    .option('--allow-missing-schemas', 'start even without the DDEX XSDs of an ERN version: its messages are then not checked against the schema (DDEX_ALLOW_MISSING_SCHEMAS=1)')
    .action(async (flags: ConfigFlags & { quiet?: boolean }) => {
      const config = loadConfig(flags);
      // Loaded only here: admin commands start faster without Fastify and the engine pool.
      const { checkSchemasAtStart } = await import('./ddex/schema-check.js');
      const schemaWarning = checkSchemasAtStart(config);
      // On stderr whatever the request log's setting: an operator must see it at every start.
      if (schemaWarning) process.stderr.write(`ddex-server: WARNING: ${schemaWarning}\n`);
      const { startServer } = await import('./server.js');
      const server = await startServer(config, { logger: !flags.quiet });
      const roles = [...config.roles].join(',');
      if (server.sftpPort) out(`ddex-server sftp inbox on ${config.host}:${server.sftpPort}`);
      const where = `roles ${roles}, data ${config.dataDir}, ${config.db.dialect}, blobs ${config.s3 ? `s3://${config.s3.bucket}/${config.s3.prefix}` : 'local'}`;
      out(server.url ? `ddex-server listening on ${server.url} (${where})` : `ddex-server running (${where})`);
      await new Promise<void>((resolve) => {
        const shutdown = () => {
          void server.close().then(resolve, resolve);
        };
        process.once('SIGINT', shutdown);
        process.once('SIGTERM', shutdown);
      });
    });

  const adminCmd = program.command('admin').description('accounts, members and API keys').option('--data-dir <dir>', 'data directory (DATA_DIR, default ./data)').option('--json', 'print JSON');
  const withDb: WithDb = (fn, print) => async (opts) => {
    const parent = adminCmd.opts() as { dataDir?: string; json?: boolean };
    const config = loadConfig({ dataDir: parent.dataDir });
    const open = await openMigratedDb(config.db);
    try {
      const result = await fn(open.db, opts, { config, dialect: open.dialect });
      out(parent.json ? JSON.stringify(result) : print(result));
    } finally {
      await open.close();
    }
  };

  const account = adminCmd.command('account').description('partner accounts');
  account
    .command('create')
    .requiredOption('--name <name>')
    .requiredOption('--email <email>')
    .option('--plan <plan>', 'enterprise or custom include the API; any other plan does not', 'enterprise')
    .option('--inactive', 'create it inactive')
    .option('--rate <n>', 'requests per minute per key (custom plan)', intArg('--rate'))
    .action(withDb((db, o) => admin.createAccount(db, { name: o.name as string, email: o.email as string, plan: o.plan as string, active: !o.inactive, rate: o.rate as number | undefined }), (r) => `account ${r.id} created (own catalog: member ${r.own_member_id})`));
  account
    .command('update')
    .requiredOption('--id <id>', 'account id', intArg('--id'))
    .option('--plan <plan>')
    .option('--active')
    .option('--inactive')
    .option('--rate <n>', 'requests per minute per key', intArg('--rate'))
    .action(withDb((db, o) => admin.updateAccount(db, o.id as number, { plan: o.plan as string | undefined, active: o.active ? true : o.inactive ? false : undefined, rate: o.rate as number | undefined }), (r) => `account ${r.id}: plan ${r.plan}, ${r.active ? 'active' : 'inactive'}, rate ${r.rate_per_minute ?? 'plan default'}`));
  account.command('list').action(withDb((db) => admin.listAccounts(db), (rows) => rows.map((r) => `${r.id}\t${r.name}\t${r.email}\t${r.plan}\t${r.active ? 'active' : 'inactive'}`).join('\n')));

  const member = adminCmd.command('member').description('members (artists, labels)');
  member
    .command('create')
    .requiredOption('--account <id>', 'account id', intArg('--account'))
    .requiredOption('--email <email>')
    .requiredOption('--name <name>')
    .option('--kind <kind>', 'artist or label', 'artist')
    .action(withDb((db, o) => admin.createMember(db, { account: o.account as number, email: o.email as string, name: o.name as string, kind: o.kind as string }), (r) => `member ${r.id} created`));

  const key = adminCmd.command('key').description('API keys');
  key
    .command('create')
    .requiredOption('--account <id>', 'account id', intArg('--account'))
    .requiredOption('--name <name>')
    .requiredOption('--scopes <list>', 'comma-separated scopes (ddex:write, ddex:validate, ...)')
    .option('--expires <date>', 'expiry, ISO 8601')
    .action(
      withDb(
        (db, o) => admin.createKey(db, { account: o.account as number, name: o.name as string, scopes: String(o.scopes).split(',').map((s) => s.trim()).filter(Boolean), expiresAt: o.expires as string | undefined }),
        (r) => `key ${r.id} created; copy it now, it is not shown again:\n${r.key}`,
      ),
    );
  key.command('revoke').requiredOption('--id <id>', 'key id', intArg('--id')).action(withDb((db, o) => admin.revokeKey(db, o.id as number), (r) => `key ${r.id} revoked`));
  key.command('list').requiredOption('--account <id>', 'account id', intArg('--account')).action(withDb((db, o) => admin.listKeys(db, o.account as number), (rows) => rows.map((r) => `${r.id}\t${r.prefix}…\t${r.name}\t${r.scopes.join(',')}\t${r.revoked_at ? 'revoked' : r.expires_at ? `expires ${r.expires_at}` : 'no expiry'}`).join('\n')));

  const release = adminCmd.command('release').description('staff actions on releases');
  release
    .command('set')
    .requiredOption('--id <id>', 'release id', intArg('--id'))
    .option('--delivery-state <state>', 'not_started, live, partially_live')
    .option('--release-status <status>', 'in_review, approved, changes_requested, archived, taken_down')
    .action(withDb((db, o) => admin.setReleaseState(db, o.id as number, { deliveryState: o.deliveryState as string | undefined, releaseStatus: o.releaseStatus as string | undefined }), (r) => `release ${r.id}: ${r.release_status}, ${r.delivery_state}`));
  release.command('list').requiredOption('--member <id>', 'member id', intArg('--member')).action(withDb((db, o) => admin.listReleases(db, o.member as number), (rows) => rows.map((r) => `${r.id}\t${r.upc}\t${r.title}\t${r.release_status}\t${r.delivery_state}`).join('\n')));
  registerReleaseAdmin(release, adminCmd, withDb, intArg);
  registerEarningsAdmin(adminCmd, member, withDb, intArg);
  registerPayoutAdmin(adminCmd, withDb, intArg);
  registerLinkAdmin(adminCmd, withDb, intArg);
  registerSftpAdmin(adminCmd, withDb, intArg);
  registerStoreAdmin(adminCmd, withDb, intArg);
  adminCmd.command('recordings').requiredOption('--member <id>', 'member id', intArg('--member')).action(withDb((db, o) => admin.listRecordings(db, o.member as number), (rows) => rows.map((r) => `${r.id}\t${r.isrc ?? ''}\t${r.title}`).join('\n')));

  adminCmd.command('activity').description('connection activity (pings) of an account').requiredOption('--account <id>', 'account id', intArg('--account')).action(withDb((db, o) => admin.listActivity(db, o.account as number), (rows) => rows.map((r) => `${r.at}\t${r.kind}\tkey ${r.key_id}\t${r.ip ?? ''}`).join('\n')));

  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) exit = error.exitCode === 0 ? 0 : 2;
    else {
      process.stderr.write(`ddex-server: ${(error as Error).message}\n`);
      exit = error instanceof admin.AdminError || error instanceof StartupRefused ? 2 : 1;
    }
  }
  return exit;
}
