import type { Kysely } from 'kysely';

/**
 * users.unsubscribe_version: what a reminder e-mail's unsubscribe link is signed for, besides
 * the account (features/reminders/unsubscribe-token.ts). Turning the profile's lesson reminders
 * back on adds one, so the links of the e-mails sent before stop working: a link kept in a
 * mailbox, or copied from somewhere it was written, cannot turn reminders off again after the
 * student chose them anew. 0 for every account to begin with, the version the links already
 * sent were signed for, so they keep working until then.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('unsubscribe_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('unsubscribe_version').execute();
}
