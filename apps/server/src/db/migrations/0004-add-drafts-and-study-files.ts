import type { Kysely } from 'kysely';
import { dialectOf, idColumnType } from '../dialect.js';

/**
 * Smart-scheduler plans start as drafts (not on the calendar until accepted) and keep the
 * wizard input they came from; proposed sessions keep their focus points and materials; the
 * uploaded files are recorded (stored under DATA_DIR by content hash) with their text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .alterTable('study_plans')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .execute();
  await db.schema.alterTable('study_plans').addColumn('source_input', 'text').execute();
  await db.schema.alterTable('study_plans').addColumn('warnings', 'text').execute();
  await db.schema.alterTable('study_plans').addColumn('time_zone', 'text').execute();
  await db.schema.alterTable('study_sessions').addColumn('kind', 'text').execute();
  await db.schema.alterTable('study_sessions').addColumn('focus', 'text').execute();
  await db.schema.alterTable('study_sessions').addColumn('materials', 'text').execute();

  await db.schema
    .createTable('study_files')
    .addColumn('id', idColumnType(dialect), (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_id', 'integer', (c) =>
      c.notNull().references('subjects.id').onDelete('cascade'),
    )
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('text_content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('study_files_subject_idx')
    .on('study_files')
    .columns(['subject_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('study_files').execute();
  for (const c of ['kind', 'focus', 'materials']) {
    await db.schema.alterTable('study_sessions').dropColumn(c).execute();
  }
  for (const c of ['status', 'source_input', 'warnings', 'time_zone']) {
    await db.schema.alterTable('study_plans').dropColumn(c).execute();
  }
}
