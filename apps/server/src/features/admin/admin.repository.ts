import type { Kysely } from 'kysely';
import { readToday } from '../../db/daily-counts.js';
import type { Database } from '../../db/types.js';
import { createAccountDataRepository } from '../account-data/index.js';
import { createUsersRepository } from '../auth/index.js';

/** One row of the admin log, as written. */
export interface NewAdminAction {
  /** The admin's e-mail, or `command line (<user>)` for the command on the server machine. */
  adminEmail: string;
  action:
    | 'grant'
    | 'revoke'
    | 'grant-teacher'
    | 'revoke-teacher'
    | 'delete-account'
    | 'reset-link'
    | 'remove-two-factor';
  /** The e-mail of the account acted on. */
  target: string;
  createdAt: string;
}

/** An account as the admin acts on it. */
export interface AdminAccountRow {
  id: number;
  email: string;
  role: string;
  /** 1: may make classes. */
  teacher: number;
}

async function insertAction(db: Kysely<Database>, action: NewAdminAction): Promise<void> {
  await db.insertInto('adminActions').values(action).execute();
}

/**
 * The admin's reads over every student (counts and the newest feedback, never a student's
 * study data) and its writes: a role, a delete on request, each with its row in the admin log
 * in the same transaction.
 */
export function createAdminRepository(db: Kysely<Database>) {
  const users = createUsersRepository(db);
  const count = (n: { n: string | number | bigint } | undefined) => Number(n?.n ?? 0);

  return {
    /** users.role of the account, read afresh: undefined when it is gone. */
    async findRole(userId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('users')
        .select('role')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.role;
    },

    async findAccountById(userId: number): Promise<AdminAccountRow | undefined> {
      const u = await users.findUserById(userId);
      return u && { id: u.id, email: u.email, role: u.role, teacher: u.teacher };
    },

    /** The account with this e-mail, compared as logins compare it (case-insensitively). */
    async findAccountByEmail(email: string): Promise<AdminAccountRow | undefined> {
      const u = await users.findUserByEmail(email);
      return u && { id: u.id, email: u.email, role: u.role, teacher: u.teacher };
    },

    /** Logs an admin action that changes no row of its own (a reset link made). */
    async logAction(action: NewAdminAction): Promise<void> {
      await insertAction(db, action);
    },

    /** Sets the role and logs it, together. False when the account is gone. */
    setRole(userId: number, role: string, action: NewAdminAction): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('users')
          .set({ role, updatedAt: action.createdAt })
          .where('id', '=', userId)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) === 0) return false;
        await insertAction(trx, action);
        return true;
      });
    },

    /** Makes the account a teacher or not, and logs it, together. False when it is gone. */
    setTeacher(userId: number, teacher: boolean, action: NewAdminAction): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('users')
          .set({ teacher: teacher ? 1 : 0, updatedAt: action.createdAt })
          .where('id', '=', userId)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) === 0) return false;
        await insertAction(trx, action);
        return true;
      });
    },

    /**
     * Deletes the account and every row of the student exactly as their own delete does (their
     * logins and their files' text with it), and logs it in the same transaction. False when the
     * account was already gone.
     */
    deleteAccount(userId: number, action: NewAdminAction): Promise<boolean> {
      return createAccountDataRepository(db).deleteAll(userId, (trx) => insertAction(trx, action));
    },

    async countAccounts(): Promise<number> {
      return count(
        await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst(),
      );
    },

    /** Accounts with a login used (made or refreshed) at or after `since`, ended ones too. */
    async countActiveSince(since: string): Promise<number> {
      return count(
        await db
          .selectFrom('authSessions')
          .select((eb) => eb.fn.count('userId').distinct().as('n'))
          .where('lastSeenAt', '>=', since)
          .executeTakeFirst(),
      );
    },

    listFeedback(limit: number) {
      return db
        .selectFrom('appFeedback')
        .select(['id', 'rating', 'pleased', 'recommendation', 'page', 'createdAt'])
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Session reminders that reached `status` at or after `since`. */
    async countRemindersSince(status: 'sent' | 'failed', since: string): Promise<number> {
      return count(
        await db
          .selectFrom('sessionReminders')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', '=', status)
          .where('updatedAt', '>=', since)
          .executeTakeFirst(),
      );
    },

    listActions(limit: number) {
      return db
        .selectFrom('adminActions')
        .select(['adminEmail', 'action', 'target', 'createdAt'])
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Failed model calls counted on the UTC day of `now`. */
    aiFailuresOn(now: Date): Promise<number> {
      return readToday(db, 'ai_failures', now);
    },
  };
}
export type AdminRepository = ReturnType<typeof createAdminRepository>;
