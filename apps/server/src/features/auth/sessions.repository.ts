import type { Kysely, Selectable } from 'kysely';
import type { AuthSessionsTable, Database } from '../../db/types.js';

export type SessionRow = Selectable<AuthSessionsTable>;

export function createSessionsRepository(db: Kysely<Database>) {
  return {
    async insertSession(row: SessionRow): Promise<void> {
      await db.insertInto('authSessions').values(row).execute();
    },

    findSession(id: string): Promise<SessionRow | undefined> {
      return db.selectFrom('authSessions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The live session of this user with this id (the per-request check of every token). */
    async isSessionLive(id: string, userId: number, now: string): Promise<boolean> {
      const row = await db
        .selectFrom('authSessions')
        .select('id')
        .where('id', '=', id)
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null)
        .where('expiresAt', '>', now)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Rotates the refresh secret only if it is still the one presented (no double use). */
    async rotateRefresh(
      id: string,
      oldHash: string,
      newHash: string,
      now: string,
    ): Promise<boolean> {
      const result = await db
        .updateTable('authSessions')
        .set({ refreshTokenHash: newHash, lastSeenAt: now })
        .where('id', '=', id)
        .where('refreshTokenHash', '=', oldHash)
        .where('revokedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async revokeSession(id: string, userId: number, now: string): Promise<void> {
      await db
        .updateTable('authSessions')
        .set({ revokedAt: now })
        .where('id', '=', id)
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null)
        .execute();
    },

    async revokeOtherSessions(userId: number, keepId: string, now: string): Promise<number> {
      const result = await db
        .updateTable('authSessions')
        .set({ revokedAt: now })
        .where('userId', '=', userId)
        .where('id', '!=', keepId)
        .where('revokedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
