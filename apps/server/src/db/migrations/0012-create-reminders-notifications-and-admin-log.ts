import type { Kysely } from 'kysely';
import { dialectOf, idColumnType } from '../dialect.js';

/**
 * Reminders, the in-app bell and the admin screen (docs/product.md, Reminders and Admin).
 *
 * users.reminder_lead_minutes: 10, 30 (default) or 60 minutes before a session starts.
 * users.language and users.time_zone: what the student's e-mails are written in (the browser
 * reports them; 'en' and 'UTC' until it has).
 *
 * session_reminders: one row per session and start time that is due a reminder. The unique
 * (session_id, starts_at) is what makes a reminder go out once, whichever instance sees it
 * first; a moved session gets a new row for its new time. status: pending | sent | failed |
 * cancelled; email_status: null (no SMTP) | sent | failed.
 *
 * notifications: the bell's list. data is JSON (the subject, topic, start and link).
 *
 * admin_actions: who did what, when (the admin's e-mail is kept as text: the log outlives the
 * account).
 *
 * daily_counts: counters per UTC day shared by every instance (AI calls that failed), for the
 * admin screen. app_feedback.page: the path the feedback was sent from.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const id = (t: any) =>
    t.addColumn('id', idColumnType(dialect), (c: any) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    );
  await db.schema
    .alterTable('users')
    .addColumn('reminder_lead_minutes', 'integer', (c) => c.notNull().defaultTo(30))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .execute();

  await id(db.schema.createTable('session_reminders'))
    .addColumn('user_id', 'integer', (c: any) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('session_id', 'integer', (c: any) =>
      c.notNull().references('study_sessions.id').onDelete('cascade'),
    )
    .addColumn('starts_at', 'text', (c: any) => c.notNull())
    .addColumn('due_at', 'text', (c: any) => c.notNull())
    .addColumn('status', 'text', (c: any) => c.notNull())
    .addColumn('email_status', 'text')
    .addColumn('error', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('updated_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema
    .createIndex('session_reminders_once_idx')
    .unique()
    .on('session_reminders')
    .columns(['session_id', 'starts_at'])
    .execute();
  await db.schema
    .createIndex('session_reminders_user_idx')
    .on('session_reminders')
    .columns(['user_id'])
    .execute();
  await db.schema
    .createIndex('session_reminders_updated_idx')
    .on('session_reminders')
    .columns(['updated_at'])
    .execute();
  // The reminder scan reads the sessions starting soon.
  await db.schema
    .createIndex('study_sessions_start_idx')
    .on('study_sessions')
    .columns(['start_at'])
    .execute();

  await id(db.schema.createTable('notifications'))
    .addColumn('user_id', 'integer', (c: any) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c: any) => c.notNull())
    .addColumn('data', 'text', (c: any) => c.notNull())
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_user_idx')
    .on('notifications')
    .columns(['user_id', 'created_at'])
    .execute();

  await id(db.schema.createTable('admin_actions'))
    .addColumn('admin_email', 'text', (c: any) => c.notNull())
    .addColumn('action', 'text', (c: any) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema
    .createIndex('admin_actions_created_idx')
    .on('admin_actions')
    .columns(['created_at'])
    .execute();

  await db.schema
    .createTable('daily_counts')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('daily_counts_pk', ['day', 'name'])
    .execute();

  await db.schema.alterTable('app_feedback').addColumn('page', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('app_feedback').dropColumn('page').execute();
  await db.schema.dropTable('daily_counts').execute();
  await db.schema.dropTable('admin_actions').execute();
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropIndex('study_sessions_start_idx').execute();
  await db.schema.dropTable('session_reminders').execute();
  await db.schema.alterTable('users').dropColumn('time_zone').execute();
  await db.schema.alterTable('users').dropColumn('language').execute();
  await db.schema.alterTable('users').dropColumn('reminder_lead_minutes').execute();
}
