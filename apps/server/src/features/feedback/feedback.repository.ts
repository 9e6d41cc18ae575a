import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

export function createFeedbackRepository(db: Kysely<Database>) {
  return {
    insertFeedback(
      userId: number,
      f: { rating: number; pleased: string; recommendation: string; page?: string | undefined },
      now: string,
    ) {
      const { page, ...texts } = f;
      return db
        .insertInto('appFeedback')
        .values({ userId, ...texts, page: page ?? null, createdAt: now })
        .returning(['id', 'rating', 'pleased', 'recommendation', 'createdAt'])
        .executeTakeFirstOrThrow();
    },
  };
}
export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
