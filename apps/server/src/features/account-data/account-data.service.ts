import type { AccountExport } from '@studybuddy/contracts';
import type { PasswordHasher } from '../../adapters/password-hasher.js';
import { AppError } from '../../platform/app-error.js';
import type { UsersRepository } from '../auth/index.js';
import { type CalendarSite, mainZone, writeCalendar } from '../calendar-feed/index.js';
import type { AccountDataRepository } from './account-data.repository.js';

const accountNotFound = () => AppError.notFound('Account not found.');

export interface AccountDataDeps {
  repo: AccountDataRepository;
  users: Pick<UsersRepository, 'findUserById'>;
  hasher: PasswordHasher;
  /** Tells every instance the account's sessions are gone with it. */
  accountDeleted?: (userId: number) => void;
  /** Tests may fix the clock. */
  now?: () => Date;
}

export function createAccountDataService(deps: AccountDataDeps) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * Everything the student has, as one JSON document, and every study session (drafts' too)
     * as iCalendar. Held in memory whole, once per request: a student's rows are small text
     * (the files' text, the largest part, is left out), bounded by the per-student limits on
     * uploads and AI calls, and the route allows only a few exports a minute per student.
     */
    async exportData(userId: number, site: CalendarSite): Promise<AccountExport> {
      const data = await repo.readAll(userId);
      if (!data) throw accountNotFound();
      const { calendarSessions, ...lists } = data;
      return {
        format: 'studybuddy-export',
        version: 1,
        exportedAt: now().toISOString(),
        ...lists,
        calendar: writeCalendar(site, calendarSessions, {
          name: 'StudyBuddy',
          timeZone: mainZone(calendarSessions),
        }),
      };
    },

    /**
     * Deletes the account and every row of the student, after the current password (the
     * caller throttles failures as for the profile's current-password check). Every login ends
     * with it: the session rows go in the same transaction.
     */
    async deleteAccount(userId: number, password: string): Promise<void> {
      const user = await deps.users.findUserById(userId);
      if (!user) throw accountNotFound();
      if (!(await deps.hasher.verify(user.passwordHash, password))) {
        throw new AppError(400, 'wrong_password', 'The current password is wrong.', [
          { path: 'password', message: 'The current password is wrong.' },
        ]);
      }
      if (!(await repo.deleteAll(userId))) throw accountNotFound();
      deps.accountDeleted?.(userId);
    },
  };
}
export type AccountDataService = ReturnType<typeof createAccountDataService>;
