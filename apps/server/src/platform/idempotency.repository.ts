import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';

/** The stored answers of requests sent with an Idempotency-Key; every query is the student's. */
export function createIdempotencyRepository(db: Kysely<Database>) {
  return {
    /** Takes the key for a request: false when the student already used it. */
    async claim(userId: number, key: string, request: string, at: string): Promise<boolean> {
      const row = await db
        .insertInto('idempotencyKeys')
        .values({ userId, key, request, status: null, body: null, createdAt: at })
        .onConflict((oc) => oc.columns(['userId', 'key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    find(userId: number, key: string) {
      return db
        .selectFrom('idempotencyKeys')
        .select(['request', 'status', 'body'])
        .where('userId', '=', userId)
        .where('key', '=', key)
        .executeTakeFirst();
    },

    /** Keeps the answer, for the repeats. */
    async complete(userId: number, key: string, status: number, body: string): Promise<void> {
      await db
        .updateTable('idempotencyKeys')
        .set({ status, body })
        .where('userId', '=', userId)
        .where('key', '=', key)
        .execute();
    },

    /** Gives the key back after a failure: the request changed nothing, a repeat may try again. */
    async release(userId: number, key: string): Promise<void> {
      await db
        .deleteFrom('idempotencyKeys')
        .where('userId', '=', userId)
        .where('key', '=', key)
        .where('status', 'is', null)
        .execute();
    },

    /** Forgets the student's keys used before `before`. */
    async forget(userId: number, before: string): Promise<void> {
      await db
        .deleteFrom('idempotencyKeys')
        .where('userId', '=', userId)
        .where('createdAt', '<', before)
        .execute();
    },
  };
}
export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
