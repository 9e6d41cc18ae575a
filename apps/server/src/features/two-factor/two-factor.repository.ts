import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** Two-step sign-in's state of an account: users' TOTP columns and its recovery codes. */
export function createTwoFactorRepository(db: Kysely<Database>) {
  return {
    findState(userId: number) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'totpSecret', 'totpPendingSecret', 'totpEnabledAt', 'totpLastStep'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    async setPending(userId: number, sealed: string, now: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ totpPendingSecret: sealed, updatedAt: now })
        .where('id', '=', userId)
        .execute();
    },

    /** Turns it on with the pending secret and new recovery codes, together. */
    enable(userId: number, sealed: string, step: number, codeHashes: string[], now: string) {
      return db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('users')
          .set({
            totpSecret: sealed,
            totpPendingSecret: null,
            totpEnabledAt: now,
            totpLastStep: step,
            updatedAt: now,
          })
          .where('id', '=', userId)
          .where('totpPendingSecret', '=', sealed)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) return false;
        await trx.deleteFrom('recoveryCodes').where('userId', '=', userId).execute();
        await trx
          .insertInto('recoveryCodes')
          .values(
            codeHashes.map((codeHash) => ({ userId, codeHash, usedAt: null, createdAt: now })),
          )
          .execute();
        return true;
      });
    },

    /** Turns it off: the secret and the recovery codes go. */
    disable(userId: number, now: string) {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({
            totpSecret: null,
            totpPendingSecret: null,
            totpEnabledAt: null,
            totpLastStep: 0,
            updatedAt: now,
          })
          .where('id', '=', userId)
          .execute();
        await trx.deleteFrom('recoveryCodes').where('userId', '=', userId).execute();
      });
    },

    /**
     * Takes a TOTP step for the account, once: true only when it is later than the last one
     * used (two requests with one code: one wins).
     */
    async takeStep(userId: number, step: number): Promise<boolean> {
      const r = await db
        .updateTable('users')
        .set({ totpLastStep: step })
        .where('id', '=', userId)
        .where('totpLastStep', '<', step)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Uses a recovery code, once: true when an unused one had this hash. */
    async useRecoveryCode(userId: number, codeHash: string, now: string): Promise<boolean> {
      const r = await db
        .updateTable('recoveryCodes')
        .set({ usedAt: now })
        .where('userId', '=', userId)
        .where('codeHash', '=', codeHash)
        .where('usedAt', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) >= 1;
    },

    async countUnusedRecoveryCodes(userId: number): Promise<number> {
      const row = await db
        .selectFrom('recoveryCodes')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('userId', '=', userId)
        .where('usedAt', 'is', null)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}
export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
