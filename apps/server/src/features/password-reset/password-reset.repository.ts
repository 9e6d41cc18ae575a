import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** Who made a reset link: the student asking by e-mail, or an admin. */
export type ResetMadeBy = 'email' | 'admin';

/** The password-reset links (only each token's SHA-256). */
export function createPasswordResetRepository(db: Kysely<Database>) {
  return {
    async insert(row: {
      userId: number;
      tokenHash: string;
      madeBy: ResetMadeBy;
      expiresAt: string;
      createdAt: string;
    }): Promise<void> {
      await db
        .insertInto('passwordResets')
        .values({ ...row, usedAt: null })
        .execute();
    },

    /** The account a link still works for: unused and not expired at `now`. */
    async findUsable(tokenHash: string, now: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('passwordResets')
        .select('userId')
        .where('tokenHash', '=', tokenHash)
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', now)
        .executeTakeFirst();
      return row?.userId;
    },

    /**
     * Uses the link, once: true only for the request whose update took it (two requests racing
     * with one link set one password). Every other unused link of the account ends with it.
     */
    async use(tokenHash: string, userId: number, now: string): Promise<boolean> {
      const taken = await db
        .updateTable('passwordResets')
        .set({ usedAt: now })
        .where('tokenHash', '=', tokenHash)
        .where('userId', '=', userId)
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', now)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) return false;
      await db
        .updateTable('passwordResets')
        .set({ usedAt: now })
        .where('userId', '=', userId)
        .where('usedAt', 'is', null)
        .execute();
      return true;
    },

    /** Links made for the account since `since` (the e-mails it was sent, per hour). */
    async countSince(userId: number, since: string): Promise<number> {
      const row = await db
        .selectFrom('passwordResets')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('userId', '=', userId)
        .where('createdAt', '>=', since)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}
export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;
