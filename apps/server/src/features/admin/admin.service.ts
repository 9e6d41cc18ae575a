import {
  ADMIN_ACTIONS_MAX,
  ADMIN_FEEDBACK_MAX,
  ADMIN_MESSAGES,
  type AdminOverview,
  type BackupStatus,
} from '@studybuddy/contracts';
import { utcDay } from '../../db/daily-counts.js';
import { AppError } from '../../platform/app-error.js';
import { ADMIN_ROLE, STUDENT_ROLE } from '../auth/index.js';
import type { ResetLinks } from '../password-reset/index.js';
import type { TwoFactorService } from '../two-factor/index.js';
import type { AdminRepository } from './admin.repository.js';

const DAY_MS = 86_400_000;

const NO_BACKUP_STATUS: BackupStatus = {
  schedule: null,
  keep: 0,
  nextAt: null,
  last: null,
  lastGood: null,
};

export interface AdminServiceDeps {
  repo: AdminRepository;
  /** The engine AI_PROVIDER names, and its AI_MODEL (none for the builtin engine). */
  ai: { provider: string; model: string | undefined };
  /** The scheduled backups: the schedule and the newest runs (the admin command shows none). */
  backups?: () => Promise<BackupStatus>;
  /** Tells every instance the account's sessions are gone with it. */
  accountDeleted?: (userId: number) => void;
  /** Makes a one-time password-reset link for an account (features/password-reset). */
  resetLinks?: Pick<ResetLinks, 'forAdmin'>;
  /** Turns an account's two-step sign-in off (features/two-factor). */
  twoFactor?: Pick<TwoFactorService, 'remove'>;
  /** Tests may fix the clock. */
  now?: () => Date;
}

/** What a grant or revoke did. */
export type RoleChange = 'changed' | 'unchanged' | 'no_account';

export function createAdminService(deps: AdminServiceDeps) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  async function setRole(email: string, role: string, by: string): Promise<RoleChange> {
    const account = await repo.findAccountByEmail(email);
    if (!account) return 'no_account';
    if (account.role === role) return 'unchanged';
    const changed = await repo.setRole(account.id, role, {
      adminEmail: by,
      action: role === ADMIN_ROLE ? 'grant' : 'revoke',
      target: account.email,
      createdAt: now().toISOString(),
    });
    return changed ? 'changed' : 'no_account';
  }

  async function setTeacher(email: string, teacher: boolean, by: string): Promise<RoleChange> {
    const account = await repo.findAccountByEmail(email);
    if (!account) return 'no_account';
    if ((account.teacher === 1) === teacher) return 'unchanged';
    const changed = await repo.setTeacher(account.id, teacher, {
      adminEmail: by,
      action: teacher ? 'grant-teacher' : 'revoke-teacher',
      target: account.email,
      createdAt: now().toISOString(),
    });
    return changed ? 'changed' : 'no_account';
  }

  return {
    /**
     * True while the account's role in the database is Admin. Read on every admin request, not
     * taken from the access token: a revoked admin loses the admin routes at once.
     */
    async isAdmin(userId: number): Promise<boolean> {
      return (await repo.findRole(userId)) === ADMIN_ROLE;
    },

    /** The admin screen's figures; "today" is the UTC day. */
    async overview(): Promise<AdminOverview> {
      const at = now();
      const midnight = `${utcDay(at)}T00:00:00.000Z`;
      const weekAgo = new Date(at.getTime() - 7 * DAY_MS).toISOString();
      const [students, activeLast7Days, feedback, sent, failed, failuresToday, actions, backups] =
        await Promise.all([
          repo.countAccounts(),
          repo.countActiveSince(weekAgo),
          repo.listFeedback(ADMIN_FEEDBACK_MAX),
          repo.countRemindersSince('sent', midnight),
          repo.countRemindersSince('failed', midnight),
          repo.aiFailuresOn(at),
          repo.listActions(ADMIN_ACTIONS_MAX),
          deps.backups?.() ?? NO_BACKUP_STATUS,
        ]);
      return {
        students,
        activeLast7Days,
        feedback,
        reminders: { sent, failed },
        ai: {
          provider: deps.ai.provider,
          model: deps.ai.provider === 'builtin' ? null : (deps.ai.model ?? null),
          failuresToday,
        },
        actions,
        backups,
      };
    },

    /**
     * Deletes a student's account and all its data on request, as their own delete does, and
     * logs who did it. Never the admin's own account: that goes through their profile, with
     * their password. Answers the deleted account's id.
     */
    async deleteAccount(adminId: number, email: string): Promise<{ userId: number }> {
      const admin = await repo.findAccountById(adminId);
      const target = await repo.findAccountByEmail(email);
      if (!admin || !target) throw AppError.notFound(ADMIN_MESSAGES.noSuchStudent);
      if (target.id === admin.id) {
        throw AppError.validation(ADMIN_MESSAGES.notYourself, [
          { path: 'email', message: ADMIN_MESSAGES.notYourself },
        ]);
      }
      const deleted = await repo.deleteAccount(target.id, {
        adminEmail: admin.email,
        action: 'delete-account',
        target: target.email,
        createdAt: now().toISOString(),
      });
      if (!deleted) throw AppError.notFound(ADMIN_MESSAGES.noSuchStudent);
      deps.accountDeleted?.(target.id);
      return { userId: target.id };
    },

    /** The e-mail of an account (an admin's, for the admin log), or undefined when gone. */
    async emailOf(userId: number): Promise<string | undefined> {
      return (await repo.findAccountById(userId))?.email;
    },

    /**
     * A one-time reset link for the student with this e-mail, shown to the admin and never
     * e-mailed (an instance without SMTP, or a student without their mailbox); logged with who
     * made it (`by`: the admin's e-mail, or the command line). Undefined: no such account.
     */
    async resetLink(email: string, by: string) {
      const made = await deps.resetLinks?.forAdmin(email);
      if (!made) return undefined;
      await repo.logAction({
        adminEmail: by,
        action: 'reset-link',
        target: made.email,
        createdAt: now().toISOString(),
      });
      return made;
    },

    /**
     * Turns off the two-step sign-in of a student who lost the device (they log in with their
     * password alone, and may turn it on again); logged with who did it. Undefined: no account.
     */
    async removeTwoFactor(email: string, by: string) {
      const target = await repo.findAccountByEmail(email);
      if (!target || !deps.twoFactor) return undefined;
      await deps.twoFactor.remove(target.id);
      await repo.logAction({
        adminEmail: by,
        action: 'remove-two-factor',
        target: target.email,
        createdAt: now().toISOString(),
      });
      return { userId: target.id };
    },

    /** Makes the account an admin; `by` names who, for the admin log. */
    grant: (email: string, by: string) => setRole(email, ADMIN_ROLE, by),

    /** Makes the account a student again; its admin requests fail from the next one on. */
    revoke: (email: string, by: string) => setRole(email, STUDENT_ROLE, by),

    /**
     * Lets the account make classes, or stops it (docs/classes.md): the classes it already has
     * stay its own to change or delete (their students rely on them); it makes no new ones.
     */
    setTeacher,
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
