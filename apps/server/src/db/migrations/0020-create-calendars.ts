import type { Kysely } from 'kysely';
import { dialectOf, idColumnType } from '../dialect.js';

/**
 * calendars: the timetables a student imported (an .ics file; later a subscribed link), with the
 * file's text kept so its events can be read again over a later horizon. calendar_busy: the busy
 * intervals read from each, as instants, from today to the horizon; replaced whole at each read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const id = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('calendars')
    .addColumn('id', idColumnType(dialect), id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('source_text', 'text')
    .addColumn('counts_as_busy', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('event_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('warnings', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('last_sync_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('calendars_user_idx').on('calendars').columns(['user_id']).execute();
  await db.schema
    .createTable('calendar_busy')
    .addColumn('id', idColumnType(dialect), id)
    .addColumn('calendar_id', 'integer', (c) =>
      c.notNull().references('calendars.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('calendar_busy_user_start_idx')
    .on('calendar_busy')
    .columns(['user_id', 'starts_at'])
    .execute();
  await db.schema
    .createIndex('calendar_busy_calendar_idx')
    .on('calendar_busy')
    .columns(['calendar_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calendar_busy').execute();
  await db.schema.dropTable('calendars').execute();
}
