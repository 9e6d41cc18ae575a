import {
  type Profile,
  reminderLeadOf,
  type updateProfileInputSchema,
  weekStartOrDefault,
} from '@studybuddy/contracts';
import type { z } from 'zod';

type UpdateProfileInput = z.output<typeof updateProfileInputSchema>;

import type { PasswordHasher } from '../../adapters/password-hasher.js';
import { AppError } from '../../platform/app-error.js';
import {
  ADMIN_ROLE,
  type AuthService,
  assertAvailable,
  assertPasswordAllowed,
  type ProfileRow,
  type UsersRepository,
} from '../auth/index.js';

const toProfile = (u: ProfileRow): Profile => ({
  username: u.username,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  notifyOnLesson: u.notifyOnLesson === 1,
  reminderLeadMinutes: reminderLeadOf(u.reminderLeadMinutes),
  weekStartsOn: weekStartOrDefault(u.weekStartsOn),
  isAdmin: u.role === ADMIN_ROLE,
  isTeacher: u.teacher === 1,
});

export interface ProfileServiceDeps {
  users: UsersRepository;
  hasher: PasswordHasher;
  auth: AuthService;
}

export function createProfileService(deps: ProfileServiceDeps) {
  return {
    async getProfile(userId: number): Promise<Profile> {
      const user = await deps.users.findProfileById(userId);
      if (!user) throw AppError.notFound('Account not found.');
      return toProfile(user);
    },

    /**
     * Saves the profile form. A new password or e-mail needs the current password (ASVS 6.2.3,
     * 7.5.1); a new password ends every other session of the student (ASVS 7.4.3).
     */
    async updateProfile(
      userId: number,
      sessionId: string,
      input: UpdateProfileInput,
    ): Promise<Profile> {
      const user = await deps.users.findUserById(userId);
      if (!user) throw AppError.notFound('Account not found.');
      const emailChanged = input.email.trim().toLowerCase() !== user.emailNormalized;
      const passwordChanged = input.newPassword !== '';
      if (emailChanged || passwordChanged) {
        if (input.password === '') {
          throw AppError.validation('Enter your current password.', [
            { path: 'password', message: 'Enter your current password.' },
          ]);
        }
        if (!(await deps.hasher.verify(user.passwordHash, input.password))) {
          throw new AppError(400, 'wrong_password', 'The current password is wrong.', [
            { path: 'password', message: 'The current password is wrong.' },
          ]);
        }
      }
      if (emailChanged) await assertAvailable(deps.users, user.username, input.email, userId);
      if (passwordChanged) {
        const owner = { username: user.username, emails: [user.email, input.email] };
        await assertPasswordAllowed(input.newPassword, owner, 'newPassword');
      }
      const passwordHash = passwordChanged ? await deps.hasher.hash(input.newPassword) : undefined;
      const updated = await deps.users.updateUser(userId, {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        notifyOnLesson: input.notifyOnLesson,
        reminderLeadMinutes: input.reminderLeadMinutes,
        weekStartsOn: input.weekStartsOn,
        ...(passwordHash ? { passwordHash } : {}),
        now: new Date().toISOString(),
      });
      if (!updated) throw AppError.notFound('Account not found.');
      if (passwordChanged) await deps.auth.revokeOtherSessions(userId, sessionId);
      return toProfile(updated);
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
