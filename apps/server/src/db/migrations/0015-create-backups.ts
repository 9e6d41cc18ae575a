import { type Kysely, sql } from 'kysely';
import { dialectOf, idColumnType } from '../dialect.js';

/**
 * backups: one row per run of the backup schedule (BACKUP_SCHEDULE), made by whichever instance
 * sees the run first: `scheduled_for` (the schedule's instant, ISO UTC) is unique, so with
 * several instances exactly one row, and one job, is made per run. `status` is pending |
 * running | done | failed; `file` is where the backup was written on `host` (the instance that
 * took it), `bytes` its size, `check_result` what opening it found (SQLite's integrity check,
 * or pg_restore's listing and read), `error` why a failed run failed.
 *
 * `bytes` is a double: a database passes int4's 2 GB long before a double stops counting bytes
 * exactly (2^53), and PostgreSQL's bigint would come back as text (docs/decisions/0001).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('backups')
    .addColumn('id', idColumnType(dialect), (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('scheduled_for', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('host', 'text')
    .addColumn('file', 'text')
    .addColumn('bytes', sql`double precision`)
    .addColumn('check_result', 'text')
    .addColumn('error', 'text')
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('backups').execute();
}
