import type { Kysely, Selectable } from 'kysely';
import { reusableQuery } from '../../db/reusable-query.js';
import type { Database, UsersTable } from '../../db/types.js';

export type UserRow = Selectable<UsersTable>;

/** What the profile screen shows of an account. */
const PROFILE_COLUMNS = [
  'username',
  'firstName',
  'lastName',
  'email',
  'notifyOnLesson',
  'reminderLeadMinutes',
  'weekStartsOn',
  'role',
  'teacher',
] as const;
export type ProfileRow = Pick<UserRow, (typeof PROFILE_COLUMNS)[number]>;

export interface NewUser {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  now: string;
}

export interface UserChanges {
  firstName?: string;
  lastName?: string;
  email?: string;
  passwordHash?: string;
  notifyOnLesson?: boolean;
  reminderLeadMinutes?: number;
  weekStartsOn?: string;
  now: string;
}

/** users.role of an admin (given by `npm run admin -- grant EMAIL`); every other account is 'Student'. */
export const ADMIN_ROLE = 'Admin';
export const STUDENT_ROLE = 'Student';

/** E-mails compare case-insensitively; usernames too, so 'Ana' and 'ana' are one account. */
export const normalize = (value: string) => value.trim().toLowerCase();

export function createUsersRepository(db: Kysely<Database>) {
  const userById = reusableQuery<[number], UserRow>(db, 1, (arg) =>
    db.selectFrom('users').selectAll().where('id', '=', arg(0)),
  );
  // Every profile read asks it: compiled once (db/reusable-query.ts), and only the columns the
  // profile shows (SQLite's row costs about half a microsecond a column).
  const profileById = reusableQuery<[number], ProfileRow>(db, 1, (arg) =>
    db.selectFrom('users').select(PROFILE_COLUMNS).where('id', '=', arg(0)),
  );
  return {
    async findUserById(id: number): Promise<UserRow | undefined> {
      return (await userById(id))[0];
    },

    async findProfileById(id: number): Promise<ProfileRow | undefined> {
      return (await profileById(id))[0];
    },

    findUserByEmail(email: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where('emailNormalized', '=', normalize(email))
        .executeTakeFirst();
    },

    async findConflicts(
      username: string,
      email: string,
      exceptUserId?: number,
    ): Promise<{ username: boolean; email: boolean }> {
      let q = db
        .selectFrom('users')
        .select(['usernameNormalized', 'emailNormalized'])
        .where((eb) =>
          eb.or([
            eb('usernameNormalized', '=', normalize(username)),
            eb('emailNormalized', '=', normalize(email)),
          ]),
        );
      if (exceptUserId !== undefined) q = q.where('id', '!=', exceptUserId);
      const rows = await q.execute();
      return {
        username: rows.some((r) => r.usernameNormalized === normalize(username)),
        email: rows.some((r) => r.emailNormalized === normalize(email)),
      };
    },

    async insertUser(u: NewUser): Promise<UserRow> {
      return db
        .insertInto('users')
        .values({
          username: u.username,
          usernameNormalized: normalize(u.username),
          email: u.email,
          emailNormalized: normalize(u.email),
          firstName: u.firstName,
          lastName: u.lastName,
          passwordHash: u.passwordHash,
          role: STUDENT_ROLE,
          notifyOnLesson: 0,
          createdAt: u.now,
          updatedAt: u.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async updateUser(id: number, c: UserChanges): Promise<UserRow | undefined> {
      return db
        .updateTable('users')
        .set((eb) => ({
          ...(c.firstName !== undefined ? { firstName: c.firstName } : {}),
          ...(c.lastName !== undefined ? { lastName: c.lastName } : {}),
          ...(c.email !== undefined ? { email: c.email, emailNormalized: normalize(c.email) } : {}),
          ...(c.passwordHash !== undefined ? { passwordHash: c.passwordHash } : {}),
          ...(c.notifyOnLesson !== undefined ? { notifyOnLesson: c.notifyOnLesson ? 1 : 0 } : {}),
          // Reminders turned back on: the unsubscribe links of the e-mails sent before stop
          // working (features/reminders/unsubscribe-token.ts). SET reads the row as it was, so
          // only a switch from off counts, whoever writes at the same time.
          ...(c.notifyOnLesson
            ? {
                unsubscribeVersion: eb
                  .case()
                  .when('notifyOnLesson', '=', 0)
                  .then(eb('unsubscribeVersion', '+', 1))
                  .else(eb.ref('unsubscribeVersion'))
                  .end(),
              }
            : {}),
          ...(c.reminderLeadMinutes !== undefined
            ? { reminderLeadMinutes: c.reminderLeadMinutes }
            : {}),
          ...(c.weekStartsOn !== undefined ? { weekStartsOn: c.weekStartsOn } : {}),
          updatedAt: c.now,
        }))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
