import { DEFAULT_MIGRATION_LOCK_TABLE, DEFAULT_MIGRATION_TABLE, sql } from 'kysely';
import type { Db } from './connect.js';

/**
 * The app's tables as the database holds them (the migrations' bookkeeping left out), in name
 * order: on PostgreSQL those of the schema every query runs in. A backup must hold each one.
 */
export async function listAppTables(db: Pick<Db, 'db' | 'dialect'>): Promise<string[]> {
  const rows =
    db.dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite\\_%' escape '\\'`.execute(db.db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db.db);
  const bookkeeping = new Set([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);
  return rows.rows
    .map((r) => r.name)
    .filter((name) => !bookkeeping.has(name))
    .sort();
}
