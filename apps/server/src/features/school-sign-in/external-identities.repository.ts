import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { createUsersRepository, type NewUser, type UserRow } from '../auth/index.js';

/** A school account: the provider (issuer) and its account there (subject). */
export interface SchoolAccount {
  issuer: string;
  subject: string;
}

/** The school accounts students sign in with; each belongs to one student. */
export function createExternalIdentitiesRepository(db: Kysely<Database>) {
  return {
    /** The student this school account signs in, if it is linked. */
    async findUserId(account: SchoolAccount): Promise<number | undefined> {
      const row = await db
        .selectFrom('externalIdentities')
        .select('userId')
        .where('issuer', '=', account.issuer)
        .where('subject', '=', account.subject)
        .executeTakeFirst();
      return row?.userId;
    },

    async touch(account: SchoolAccount, at: string): Promise<void> {
      await db
        .updateTable('externalIdentities')
        .set({ lastUsedAt: at })
        .where('issuer', '=', account.issuer)
        .where('subject', '=', account.subject)
        .execute();
    },

    /**
     * Links the school account to the student. False when it is already linked to another
     * student (two sign-ins racing): the unique key decides, and nothing changes.
     */
    async link(userId: number, account: SchoolAccount, at: string): Promise<boolean> {
      const r = await db
        .insertInto('externalIdentities')
        .values({ userId, ...account, createdAt: at, lastUsedAt: at })
        .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
        .executeTakeFirst();
      if (Number(r.numInsertedOrUpdatedRows ?? 0n) > 0) return true;
      return (await this.findUserId(account)) === userId;
    },

    /**
     * A new account and its school account together: a sign-in that fails half-way leaves
     * neither. Undefined when the school account was linked meanwhile (a race of two sign-ins).
     */
    createLinkedUser(user: NewUser, account: SchoolAccount): Promise<UserRow | undefined> {
      return db
        .transaction()
        .execute(async (trx) => {
          const created = await createUsersRepository(trx).insertUser(user);
          const r = await trx
            .insertInto('externalIdentities')
            .values({ userId: created.id, ...account, createdAt: user.now, lastUsedAt: user.now })
            .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
            .executeTakeFirst();
          if (Number(r.numInsertedOrUpdatedRows ?? 0n) > 0) return created;
          throw new LinkedMeanwhile();
        })
        .catch((error: unknown) => {
          if (error instanceof LinkedMeanwhile) return undefined;
          throw error;
        });
    },
  };
}
export type ExternalIdentitiesRepository = ReturnType<typeof createExternalIdentitiesRepository>;

/** Rolls back the new account when its school account was linked by another sign-in. */
class LinkedMeanwhile extends Error {}
