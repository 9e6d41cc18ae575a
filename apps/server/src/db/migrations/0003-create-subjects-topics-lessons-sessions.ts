import type { Kysely } from 'kysely';
import { dialectOf, idColumnType } from '../dialect.js';

/**
 * Every table carries user_id so each query is scoped to the student in SQL without joins;
 * children cascade from their parent, so deleting a plan removes its whole tree.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const id = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const owner = (c: any) => c.notNull().references('users.id').onDelete('cascade');

  await db.schema
    .createTable('subjects')
    .addColumn('id', idColumnType(dialect), id)
    .addColumn('user_id', 'integer', owner)
    .addColumn('study_plan_id', 'integer', (c) =>
      c.notNull().references('study_plans.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subjects_plan_idx')
    .on('subjects')
    .columns(['study_plan_id'])
    .execute();
  await db.schema.createIndex('subjects_user_idx').on('subjects').columns(['user_id']).execute();

  await db.schema
    .createTable('topics')
    .addColumn('id', idColumnType(dialect), id)
    .addColumn('user_id', 'integer', owner)
    .addColumn('subject_id', 'integer', (c) =>
      c.notNull().references('subjects.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('deep_dive_content', 'text')
    .addColumn('completed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('topics_subject_idx').on('topics').columns(['subject_id']).execute();
  await db.schema.createIndex('topics_user_idx').on('topics').columns(['user_id']).execute();

  await db.schema
    .createTable('lessons')
    .addColumn('id', idColumnType(dialect), id)
    .addColumn('user_id', 'integer', owner)
    .addColumn('topic_id', 'integer', (c) =>
      c.notNull().references('topics.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('latex_content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lessons_topic_idx').on('lessons').columns(['topic_id']).execute();

  await db.schema
    .createTable('lesson_reviews')
    .addColumn('id', idColumnType(dialect), id)
    .addColumn('user_id', 'integer', owner)
    .addColumn('lesson_id', 'integer', (c) =>
      c.notNull().references('lessons.id').onDelete('cascade'),
    )
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('lesson_reviews_lesson_idx')
    .on('lesson_reviews')
    .columns(['lesson_id'])
    .execute();

  await db.schema
    .createTable('study_sessions')
    .addColumn('id', idColumnType(dialect), id)
    .addColumn('user_id', 'integer', owner)
    .addColumn('study_plan_id', 'integer', (c) =>
      c.notNull().references('study_plans.id').onDelete('cascade'),
    )
    .addColumn('subject_id', 'integer', (c) =>
      c.notNull().references('subjects.id').onDelete('cascade'),
    )
    .addColumn('topic_id', 'integer', (c) => c.references('topics.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('start_at', 'text', (c) => c.notNull())
    .addColumn('end_at', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('reminder', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('study_sessions_user_start_idx')
    .on('study_sessions')
    .columns(['user_id', 'start_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['study_sessions', 'lesson_reviews', 'lessons', 'topics', 'subjects']) {
    await db.schema.dropTable(t).execute();
  }
}
