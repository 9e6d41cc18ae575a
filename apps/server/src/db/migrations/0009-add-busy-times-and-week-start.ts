import type { Kysely } from 'kysely';
import { dialectOf, idColumnType } from '../dialect.js';

/**
 * Busy time (docs/product.md, Busy time): a student's lectures, labs, work shifts and training,
 * kept as wall-clock values in the zone they were entered in. `date` is the YYYY-MM-DD local day
 * of the (first) occurrence, `start_time` / `end_time` HH:MM local (24:00 ends a day), `repeat`
 * once | weekly, `until` the last day of a weekly repeat (null: no end), `time_zone` an IANA
 * zone. Expanding a weekly row into days is done in code, so the table stays one row per entry.
 *
 * users.week_starts_on: the first day of the student's calendar week, sunday (default) | monday.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('busy_times')
    .addColumn('id', idColumnType(dialect), (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('repeat', 'text', (c) => c.notNull())
    .addColumn('until', 'text')
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('busy_times_user_idx')
    .on('busy_times')
    .columns(['user_id'])
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('week_starts_on', 'text', (c) => c.notNull().defaultTo('sunday'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('week_starts_on').execute();
  await db.schema.dropTable('busy_times').execute();
}
