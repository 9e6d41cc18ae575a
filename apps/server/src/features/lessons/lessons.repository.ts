import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

export function createLessonsRepository(db: Kysely<Database>) {
  return {
    findLesson(userId: number, id: number) {
      return db
        .selectFrom('lessons')
        .select(['id', 'topicId', 'title', 'latexContent'])
        .where('userId', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    listReviews(userId: number, lessonId: number) {
      return db
        .selectFrom('lessonReviews')
        .select(['id', 'lessonId', 'userId', 'rating', 'comment', 'createdAt'])
        .where('userId', '=', userId)
        .where('lessonId', '=', lessonId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    insertReview(userId: number, lessonId: number, rating: number, comment: string, now: string) {
      return db
        .insertInto('lessonReviews')
        .values({ userId, lessonId, rating, comment, createdAt: now })
        .returning(['id', 'lessonId', 'userId', 'rating', 'comment', 'createdAt'])
        .executeTakeFirstOrThrow();
    },
  };
}
export type LessonsRepository = ReturnType<typeof createLessonsRepository>;
