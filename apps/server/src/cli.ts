/**
 * `ddex-server`: `start` serves the API (no other set-up: the database and blob folder are created
 * in the data directory); `admin …` manages accounts, members and keys. `run(argv)` returns the exit
 * code; only the bin exits.
 */
import { Command, CommanderError } from 'commander';
import { loadConfig, type ConfigFlags } from './config.js';
import { openMigratedDb } from './db/connect.js';
import { loadServerKeys } from './auth/server-keys.js';
import { registerAccountAdmin } from './account/admin.js';
import { registerMemberAdmin } from './members/admin.js';
import { registerKeyAdmin } from './auth/admin.js';
import { registerUserAdmin } from './users/admin.js';
import { registerReleaseRecordsAdmin } from './releases/admin-records.js';
import { registerReleaseAdmin } from './releases/admin.js';
import { registerEarningsAdmin } from './earnings/admin.js';
import { registerPayoutAdmin } from './payouts/admin.js';
import { registerLinkAdmin } from './links/admin.js';
import { registerSftpAdmin } from './sftp/admin.js';
import { registerStoreAdmin } from './stores/admin.js';
import { StartupRefused } from './startup-refused.js';
import { AdminError } from './admin/admin-error.js';
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
      if (server.opsAddress) out(`ddex-server metrics on http://${server.opsAddress}/metrics`);
      const where = `roles ${roles}, data ${config.dataDir}, ${config.db.dialect}, blobs ${config.s3 ? `s3://${config.s3.bucket}/${config.s3.prefix}` : 'local'}`;
      out(server.url ? `ddex-server listening on ${server.url} (${where})` : `ddex-server running (${where})`);
      const { untilShutdown } = await import('./ops/shutdown.js');
      exit = await untilShutdown(server, { timeoutMs: config.shutdownTimeoutMs, log: server.app.log });
    });

  const adminCmd = program.command('admin').description('accounts, members and API keys').option('--data-dir <dir>', 'data directory (DATA_DIR, default ./data)').option('--json', 'print JSON');
  const withDb: WithDb = (fn, print) => async (opts) => {
    const parent = adminCmd.opts() as { dataDir?: string; json?: boolean };
    const config = loadConfig({ dataDir: parent.dataDir });
    const open = await openMigratedDb(config.db);
    try {
      await loadServerKeys(open.db, config.dataDir);
      const result = await fn(open.db, opts, { config, dialect: open.dialect });
      out(parent.json ? JSON.stringify(result) : print(result));
    } finally {
      await open.close();
    }
  };

  registerAccountAdmin(adminCmd, withDb, intArg);
  const member = registerMemberAdmin(adminCmd, withDb, intArg);
  registerKeyAdmin(adminCmd, withDb, intArg);
  registerUserAdmin(adminCmd, withDb, intArg);
  const release = registerReleaseRecordsAdmin(adminCmd, withDb, intArg);
  registerReleaseAdmin(release, adminCmd, withDb, intArg);
  registerEarningsAdmin(adminCmd, member, withDb, intArg);
  registerPayoutAdmin(adminCmd, withDb, intArg);
  registerLinkAdmin(adminCmd, withDb, intArg);
  registerSftpAdmin(adminCmd, withDb, intArg);
  registerStoreAdmin(adminCmd, withDb, intArg);

  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) exit = error.exitCode === 0 ? 0 : 2;
    else {
      process.stderr.write(`ddex-server: ${(error as Error).message}\n`);
      exit = error instanceof AdminError || error instanceof StartupRefused ? 2 : 1;
    }
  }
  return exit;
}
