import type { Kysely } from 'kysely';

/**
 * The calendar feed (docs/product.md, Calendar feed): users.calendar_token is the secret of the
 * student's private .ics address, 43 base64url characters (256 random bits); null while the
 * feed is off. It is kept as it is, not hashed: like a calendar app's secret address, the
 * profile shows it again, and it only reads the calendar. A unique index finds the student by
 * it (several nulls are allowed in both dialects); SQLite cannot add a UNIQUE column, so the
 * uniqueness is the index's.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('calendar_token', 'text').execute();
  await db.schema
    .createIndex('users_calendar_token_idx')
    .unique()
    .on('users')
    .columns(['calendar_token'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_calendar_token_idx').execute();
  await db.schema.alterTable('users').dropColumn('calendar_token').execute();
}
