import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

export function createQuizzesRepository(db: Kysely<Database>) {
  return {
    insertQuiz(userId: number, lessonId: number, questions: string, engine: string, now: string) {
      return db
        .insertInto('quizzes')
        .values({ userId, lessonId, questions, engine, createdAt: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async countQuizzes(userId: number, lessonId: number): Promise<number> {
      const r = await db
        .selectFrom('quizzes')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('userId', '=', userId)
        .where('lessonId', '=', lessonId)
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },

    findQuiz(userId: number, id: number) {
      return db
        .selectFrom('quizzes')
        .selectAll()
        .where('userId', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    insertResult(
      userId: number,
      r: { quizId: number; lessonId: number; score: number; total: number; answers: string },
      now: string,
    ) {
      return db
        .insertInto('quizResults')
        .values({ userId, ...r, createdAt: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    listResults(userId: number, lessonId: number) {
      return db
        .selectFrom('quizResults')
        .select(['id', 'quizId', 'lessonId', 'score', 'total', 'createdAt'])
        .where('userId', '=', userId)
        .where('lessonId', '=', lessonId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },
  };
}
export type QuizzesRepository = ReturnType<typeof createQuizzesRepository>;
