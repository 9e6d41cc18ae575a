import { type Kysely, sql } from 'kysely';
import { dialectOf, idColumnType } from '../dialect.js';

/**
 * The AI layer's tables: the chat history per student, flashcards with their FSRS state and
 * review log, and quizzes (questions with their answers, kept server side) with results.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const id = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const userId = (c: any) => c.notNull().references('users.id').onDelete('cascade');
  const real = sql`double precision`;

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', idColumnType(dialect), id)
    .addColumn('user_id', 'integer', userId)
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('chat_messages_user_idx')
    .on('chat_messages')
    .columns(['user_id', 'id'])
    .execute();

  await db.schema
    .createTable('flashcards')
    .addColumn('id', idColumnType(dialect), id)
    .addColumn('user_id', 'integer', userId)
    .addColumn('lesson_id', 'integer', (c) =>
      c.notNull().references('lessons.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('front', 'text', (c) => c.notNull())
    .addColumn('back', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('due', 'text', (c) => c.notNull())
    .addColumn('stability', real, (c) => c.notNull())
    .addColumn('difficulty', real, (c) => c.notNull())
    .addColumn('elapsed_days', 'integer', (c) => c.notNull())
    .addColumn('scheduled_days', 'integer', (c) => c.notNull())
    .addColumn('learning_steps', 'integer', (c) => c.notNull())
    .addColumn('reps', 'integer', (c) => c.notNull())
    .addColumn('lapses', 'integer', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('last_review', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('flashcards_lesson_idx')
    .on('flashcards')
    .columns(['lesson_id', 'due'])
    .execute();

  await db.schema
    .createTable('flashcard_reviews')
    .addColumn('id', idColumnType(dialect), id)
    .addColumn('user_id', 'integer', userId)
    .addColumn('flashcard_id', 'integer', (c) =>
      c.notNull().references('flashcards.id').onDelete('cascade'),
    )
    .addColumn('rating', 'text', (c) => c.notNull())
    .addColumn('state_before', 'integer', (c) => c.notNull())
    .addColumn('due_after', 'text', (c) => c.notNull())
    .addColumn('reviewed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('flashcard_reviews_card_idx')
    .on('flashcard_reviews')
    .columns(['flashcard_id'])
    .execute();

  await db.schema
    .createTable('quizzes')
    .addColumn('id', idColumnType(dialect), id)
    .addColumn('user_id', 'integer', userId)
    .addColumn('lesson_id', 'integer', (c) =>
      c.notNull().references('lessons.id').onDelete('cascade'),
    )
    .addColumn('questions', 'text', (c) => c.notNull())
    .addColumn('engine', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('quizzes_lesson_idx').on('quizzes').columns(['lesson_id']).execute();

  await db.schema
    .createTable('quiz_results')
    .addColumn('id', idColumnType(dialect), id)
    .addColumn('user_id', 'integer', userId)
    .addColumn('quiz_id', 'integer', (c) =>
      c.notNull().references('quizzes.id').onDelete('cascade'),
    )
    .addColumn('lesson_id', 'integer', (c) =>
      c.notNull().references('lessons.id').onDelete('cascade'),
    )
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('quiz_results_lesson_idx')
    .on('quiz_results')
    .columns(['lesson_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['quiz_results', 'quizzes', 'flashcard_reviews', 'flashcards', 'chat_messages'])
    await db.schema.dropTable(t).execute();
}
