/**
 * Column types that differ between the two databases, so each migration is written once:
 * SQLite wants INTEGER PRIMARY KEY for its rowid alias, PostgreSQL a serial.
 */
import type { ColumnDefinitionBuilder } from 'kysely';
import type { Dialect } from '../dialect.js';

export interface ColumnTypes {
  dialect: Dialect;
  /** Type of an autoincrement id column. */
  idType: 'serial' | 'integer';
  /** Modifier of an autoincrement id column. */
  id: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
  /** Type of a 64-bit integer (byte sizes, cents). */
  bigint: 'bigint' | 'integer';
}

export function columnTypes(dialect: Dialect): ColumnTypes {
  return {
    dialect,
    idType: dialect === 'postgres' ? 'serial' : 'integer',
    id: (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()),
    bigint: dialect === 'postgres' ? 'bigint' : 'integer',
  };
}
