import type { Kysely } from 'kysely';
import { dialectOf, idColumnType } from '../dialect.js';

/**
 * Push reminders (docs/product.md, Push reminders).
 *
 * push_subscriptions: a browser of the student's that gets reminders through its push service.
 * endpoint is that service's address for the browser, unique: a browser profile belongs to
 * whoever signed in on it last. p256dh and auth are the browser's keys for the payload's
 * encryption (RFC 8291). label names the device for the student ("Chrome on Android").
 * last_success_at: when the push service last took a reminder for it.
 *
 * session_reminders.push_sent_at: when the reminder's job began pushing it, set before the
 * pushes go and only while empty, so a job tried again (SMTP down) never pushes twice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', idColumnType(dialect), (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('label', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_success_at', 'text')
    .execute();
  await db.schema
    .createIndex('push_subscriptions_user_idx')
    .on('push_subscriptions')
    .column('user_id')
    .execute();
  await db.schema.alterTable('session_reminders').addColumn('push_sent_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('session_reminders').dropColumn('push_sent_at').execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
