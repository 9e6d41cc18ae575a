import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

export function createFeedbackRepository(db: Kysely<Database>) {
  return {
    insertFeedback(
      userId: number,
      f: { rating: number; pleased: string; recommendation: string },
      now: string,
    ) {
      return db
        .insertInto('appFeedback')
        .values({ userId, ...f, createdAt: now })
        .returning(['id', 'rating', 'pleased', 'recommendation', 'createdAt'])
        .executeTakeFirstOrThrow();
    },
  };
}
export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
