/**
 * Schema migrations, applied at start (Kysely's Migrator: ordered by name, recorded, locked on
 * PostgreSQL so two processes starting together do not both run them). One file per capability;
 * a migration, once released, is never edited: the next change is a new file.
 */
import { Migrator, type Kysely, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { Dialect } from '../dialect.js';
import { columnTypes } from './column-types.js';
import { initial } from './0001-initial.js';
import { jobsAndEvents } from './0002-jobs-events.js';
import { uploads } from './0004-uploads.js';
import { sftp } from './0005-sftp.js';
import { webhooks } from './0006-webhooks.js';
import { membersAndReleases } from './0007-members-releases.js';
import { statements } from './0008-statements.js';
import { stores } from './0009-stores.js';
import { payouts } from './0010-payouts.js';
import { links } from './0011-links.js';
import { uploadsStore } from './0012-uploads-store.js';
import { sftpAcknowledgements } from './0013-sftp-acknowledgements.js';
import { oneQueue } from './0014-one-queue.js';
import { releaseHistory } from './0015-release-history.js';
import { usersAndSessions } from './0016-users-sessions.js';
import { dashboardDdex } from './0017-dashboard-ddex.js';
import { portalDomains } from './0020-portal-domains.js';
import { serverKeys } from './0021-server-keys.js';
import { mcpOauth } from './0019-mcp-oauth.js';
import { rateBuckets } from './0023-rate-buckets.js';
import { sftpOpenFiles } from './0024-sftp-open-files.js';

function migrations(dialect: Dialect): Record<string, Migration> {
  const types = columnTypes(dialect);
  return {
    '0001_initial': initial(types),
    '0002_jobs_events': jobsAndEvents(types),
    '0004_uploads': uploads(types),
    '0005_sftp': sftp(types),
    '0006_webhooks': webhooks(types),
    '0007_members_releases': membersAndReleases(types),
    '0008_statements': statements(types),
    '0009_stores': stores(types),
    '0010_payouts': payouts(types),
    '0011_links': links(types),
    '0012_uploads_store': uploadsStore(),
    '0013_sftp_acknowledgements': sftpAcknowledgements(types),
    '0014_one_queue': oneQueue(types),
    '0015_release_history': releaseHistory(types),
    '0016_users_sessions': usersAndSessions(types),
    '0017_dashboard_ddex': dashboardDdex(types),
    '0020_portal_domains': portalDomains(),
    '0021_server_keys': serverKeys(),
    '0019_mcp_oauth': mcpOauth(types),
    '0023_rate_buckets': rateBuckets(),
    '0024_sftp_open_files': sftpOpenFiles(types),
  };
}

class InlineProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations() {
    return migrations(this.dialect);
  }
}

export async function migrateToLatest(db: Kysely<any>, dialect: Dialect): Promise<void> {
  return migrate(db, dialect, (migrator) => migrator.migrateToLatest());
}

/** Up to and with the migration named (tests build a database as an earlier release left it). */
export async function migrateTo(db: Kysely<any>, dialect: Dialect, name: string): Promise<void> {
  if (!(name in migrations(dialect))) throw new Error(`no migration ${name}`);
  return migrate(db, dialect, (migrator) => migrator.migrateTo(name));
}

async function migrate(db: Kysely<any>, dialect: Dialect, run: (migrator: Migrator) => Promise<MigrationResultSet>): Promise<void> {
  // Capabilities land in any order: a database that has a later migration still gets an earlier new one.
  const migrator = new Migrator({ db, provider: new InlineProvider(dialect), allowUnorderedMigrations: true });
  const { error, results } = await run(migrator);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${(error as Error)?.message ?? error}`);
  }
}

/** Migrations this version knows that the database has not applied (readiness: none may be left). */
export async function pendingMigrations(db: Kysely<any>, dialect: Dialect): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new InlineProvider(dialect), allowUnorderedMigrations: true });
  return (await migrator.getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name);
}
