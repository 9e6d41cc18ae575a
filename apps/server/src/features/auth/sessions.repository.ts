import type { Kysely, Selectable } from 'kysely';
import { reusableQuery } from '../../db/reusable-query.js';
import type { AuthSessionsTable, Database } from '../../db/types.js';

export type SessionRow = Selectable<AuthSessionsTable>;
/** What the sessions list shows of a session (never its refresh hash). */
export type SessionListRow = Pick<SessionRow, 'id' | 'userAgent' | 'createdAt' | 'lastSeenAt'>;

export function createSessionsRepository(db: Kysely<Database>) {
  /**
   * The live session of this user with this id (the per-request check of every token): not
   * revoked, not past its absolute limit, and last used after `idleSince`. Answers its
   * limit and last use, from which the caller knows how long it stays live.
   */
  const liveSession = reusableQuery<
    [string, number, string, string],
    Pick<SessionRow, 'expiresAt' | 'lastSeenAt'>
  >(db, 4, (arg) =>
    db
      .selectFrom('authSessions')
      .select(['expiresAt', 'lastSeenAt'])
      .where('id', '=', arg(0))
      .where('userId', '=', arg(1))
      .where('revokedAt', 'is', null)
      .where('expiresAt', '>', arg(2))
      .where('lastSeenAt', '>', arg(3)),
  );
  async function findLiveSession(
    id: string,
    userId: number,
    now: string,
    idleSince: string,
  ): Promise<Pick<SessionRow, 'expiresAt' | 'lastSeenAt'> | undefined> {
    return (await liveSession(id, userId, now, idleSince))[0];
  }

  return {
    async insertSession(row: SessionRow): Promise<void> {
      await db.insertInto('authSessions').values(row).execute();
    },

    findSession(id: string): Promise<SessionRow | undefined> {
      return db.selectFrom('authSessions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findLiveSession,

    async isSessionLive(
      id: string,
      userId: number,
      now: string,
      idleSince: string,
    ): Promise<boolean> {
      return (await findLiveSession(id, userId, now, idleSince)) !== undefined;
    },

    /** This user's live sessions (same rule as isSessionLive), most recently used first. */
    listSessions(userId: number, now: string, idleSince: string): Promise<SessionListRow[]> {
      return db
        .selectFrom('authSessions')
        .select(['id', 'userAgent', 'createdAt', 'lastSeenAt'])
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null)
        .where('expiresAt', '>', now)
        .where('lastSeenAt', '>', idleSince)
        .orderBy('lastSeenAt', 'desc')
        .orderBy('createdAt', 'desc')
        .orderBy('id')
        .execute();
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
