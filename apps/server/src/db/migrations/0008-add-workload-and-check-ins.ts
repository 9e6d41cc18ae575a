import { type Kysely, sql } from 'kysely';

/**
 * The living plan (docs/planner.md, Workload; docs/product.md, The living plan).
 *
 * - A subject keeps the hours it needs before its exam (`hours_needed`) or, without an exam,
 *   the hours a week it gets (`weekly_hours`): the student's number or our estimate, as the
 *   plan was made with it. Null for subjects made before this or by hand; readiness then falls
 *   back to the hours of the subject's sessions.
 * - A study session keeps its check-in: `check_in_status` done / partial / missed (null until
 *   checked in), `minutes_done` for a partial one, a 1-5 `rating`, and when (`checked_in_at`).
 *   `carried_over` is set once a re-plan has placed (or the student gave up) its unfinished
 *   hours, so they are counted once.
 * - A topic the student dropped in a re-plan trade-off keeps `dropped` = 1: it counts as not
 *   covered and gets no new sessions.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const real = sql`double precision`;
  await db.schema.alterTable('subjects').addColumn('hours_needed', real).execute();
  await db.schema.alterTable('subjects').addColumn('weekly_hours', real).execute();
  await db.schema.alterTable('study_sessions').addColumn('check_in_status', 'text').execute();
  await db.schema.alterTable('study_sessions').addColumn('minutes_done', 'integer').execute();
  await db.schema.alterTable('study_sessions').addColumn('rating', 'integer').execute();
  await db.schema.alterTable('study_sessions').addColumn('checked_in_at', 'text').execute();
  await db.schema
    .alterTable('study_sessions')
    .addColumn('carried_over', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('topics')
    .addColumn('dropped', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('topics').dropColumn('dropped').execute();
  for (const column of [
    'carried_over',
    'checked_in_at',
    'rating',
    'minutes_done',
    'check_in_status',
  ])
    await db.schema.alterTable('study_sessions').dropColumn(column).execute();
  await db.schema.alterTable('subjects').dropColumn('weekly_hours').execute();
  await db.schema.alterTable('subjects').dropColumn('hours_needed').execute();
}
