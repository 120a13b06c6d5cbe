/**
 * The files of an SFTP batch folder open for writing, in any sftp process (several share one
 * volume): a batch's import or dry run leaves them out, since a file still being written when the
 * marker arrives is not part of the batch (its CLOSE removes it).
 */
import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from './column-types.js';

export function sftpOpenFiles({ idType, id }: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('sftp_open_files')
        .addColumn('id', idType, id)
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('batch', 'text', (c) => c.notNull())
        .addColumn('rel_path', 'text', (c) => c.notNull())
        .addColumn('opened_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sftp_open_files_batch').on('sftp_open_files').columns(['account_id', 'area', 'batch']).execute();
    },
  };
}
