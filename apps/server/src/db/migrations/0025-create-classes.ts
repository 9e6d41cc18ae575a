import type { Kysely } from 'kysely';
import { dialectOf, idColumnType } from '../dialect.js';

/**
 * Classes (docs/classes.md): a teacher publishes a course's exams, topics and materials once;
 * students join with a code and get their own copy in a plan of theirs.
 *
 * users.teacher: 1 when the account may make classes (given by an admin, the admin command or
 * the school sign-in's teacher group). A teacher is a student too for their own studying.
 *
 * classes: the teacher's (user_id) class. join_code is unique (rotated on request), join_open 0
 * stops joining. version counts the teacher's changes; a member's seen_version says up to which
 * the student's copy was brought.
 * class_exams, class_topics, class_files: what the class holds, each carrying the teacher's
 * user_id (so the teacher's account delete and export find them). A topic's exam_id names the
 * exam it is examined in.
 * class_changes: one row per saved change set (version, a JSON list of what changed): what a
 * member who has not yet accepted is offered.
 * class_members: a student in a class, with the plan that holds their copy (null once that plan
 * is deleted) and whether they share their progress with the teacher (share, 0 by default).
 * class_copies: which of the student's rows (local_id: a subject, topic or study file) copies
 * which of the class's (kind, source_id); leaving the class deletes these links, never the copy.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const id = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', idColumnType(dialect), (c) =>
        dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
      );
  await db.schema
    .alterTable('users')
    .addColumn('teacher', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await id('classes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('subject_name', 'text', (c) => c.notNull())
    .addColumn('join_code', 'text', (c) => c.notNull().unique())
    .addColumn('join_open', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('classes_user_idx').on('classes').column('user_id').execute();
  const classChild = (name: string) =>
    id(name)
      .addColumn('class_id', 'integer', (c) =>
        c.notNull().references('classes.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      );
  await classChild('class_exams')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await classChild('class_topics')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('hours', 'real')
    .addColumn('exam_id', 'integer', (c) => c.references('class_exams.id').onDelete('set null'))
    .execute();
  await classChild('class_files')
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('text_content', 'text', (c) => c.notNull())
    .addColumn('text_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await classChild('class_changes')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  for (const table of ['class_exams', 'class_topics', 'class_files', 'class_changes'])
    await db.schema.createIndex(`${table}_class_idx`).on(table).column('class_id').execute();
  await id('class_members')
    .addColumn('class_id', 'integer', (c) =>
      c.notNull().references('classes.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan_id', 'integer', (c) => c.references('study_plans.id').onDelete('set null'))
    .addColumn('seen_version', 'integer', (c) => c.notNull())
    .addColumn('share', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('class_members_class_user_idx')
    .unique()
    .on('class_members')
    .columns(['class_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('class_members_user_idx')
    .on('class_members')
    .column('user_id')
    .execute();
  await id('class_copies')
    .addColumn('member_id', 'integer', (c) =>
      c.notNull().references('class_members.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('source_id', 'integer', (c) => c.notNull())
    .addColumn('local_id', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('class_copies_member_idx')
    .on('class_copies')
    .column('member_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'class_copies',
    'class_members',
    'class_changes',
    'class_files',
    'class_topics',
    'class_exams',
    'classes',
  ])
    await db.schema.dropTable(table).execute();
  await db.schema.alterTable('users').dropColumn('teacher').execute();
}
