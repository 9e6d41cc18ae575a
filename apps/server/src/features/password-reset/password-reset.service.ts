import { createHash, randomBytes } from 'node:crypto';
import { PASSWORD_RESET_MINUTES, type PasswordResetConfirm } from '@studybuddy/contracts';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { PasswordHasher } from '../../adapters/password-hasher.js';
import { AppError } from '../../platform/app-error.js';
import type { AuthService, UsersRepository } from '../auth/index.js';
import { assertPasswordAllowed } from '../auth/index.js';
import type { PasswordResetRepository, ResetMadeBy } from './password-reset.repository.js';
import { passwordResetEmail } from './password-reset-email.js';

/** E-mails one account may be sent per hour: more would be someone else's flood. */
export const RESET_EMAILS_PER_HOUR = 3;

export const RESET_TOKEN_INVALID =
  'This link to choose a new password has been used, has expired or is not valid. Ask for a new one.';

/** 256 random bits, URL-safe: what a link carries. Only its SHA-256 is stored. */
const newToken = () => randomBytes(32).toString('base64url');
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Makes reset links: a token of 256 random bits, stored as its SHA-256, working for
 * PASSWORD_RESET_MINUTES, in a link to the web app's reset page. Also what `npm run admin --
 * reset-link EMAIL` uses, on the server machine.
 */
export function createResetLinks(deps: {
  repo: Pick<PasswordResetRepository, 'insert'>;
  users: Pick<UsersRepository, 'findUserByEmail'>;
  /** The web app's origin. */
  publicUrl: string;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  async function make(userId: number, madeBy: ResetMadeBy) {
    const token = newToken();
    const at = now();
    const expiresAt = new Date(at.getTime() + PASSWORD_RESET_MINUTES * 60_000).toISOString();
    await deps.repo.insert({
      userId,
      tokenHash: hashOf(token),
      madeBy,
      expiresAt,
      createdAt: at.toISOString(),
    });
    return { link: `${deps.publicUrl}/reset-password?token=${token}`, expiresAt };
  }
  return {
    make,
    /** A link an admin gives the student by hand; undefined when no account has the e-mail. */
    async forAdmin(email: string) {
      const user = await deps.users.findUserByEmail(email);
      if (!user) return undefined;
      return { userId: user.id, email: user.email, ...(await make(user.id, 'admin')) };
    },
  };
}
export type ResetLinks = ReturnType<typeof createResetLinks>;

export interface PasswordResetDeps {
  repo: PasswordResetRepository;
  users: Pick<UsersRepository, 'findUserByEmail' | 'findUserById' | 'updateUser'>;
  hasher: PasswordHasher;
  auth: Pick<AuthService, 'revokeAllSessions'>;
  /** Absent without SMTP_URL: reset links are then made by an admin only. */
  mailer?: Mailer;
  /** The web app's origin, for the link. */
  publicUrl: string;
  /** Where a failed send is told (it happens after the answer). */
  onSendFailed: (userId: number, error: unknown) => void;
  now?: () => Date;
}

/** What a reset request did, for the security log (never for the answer, which is the same). */
export type ResetRequestOutcome =
  | { sent: true; userId: number }
  | { sent: false; userId?: number; why: 'no_account' | 'no_mailer' | 'too_many' };

export function createPasswordResetService(deps: PasswordResetDeps) {
  const now = deps.now ?? (() => new Date());
  const links = createResetLinks(deps);

  return {
    /** Whether a student can reset by e-mail here (else the page sends them to the admin). */
    byEmail: deps.mailer !== undefined,

    /**
     * E-mails a reset link to the account with this e-mail, if there is one. The e-mail is sent
     * after this returns, so an existing account answers as fast as a missing one.
     */
    async request(email: string): Promise<ResetRequestOutcome> {
      const user = await deps.users.findUserByEmail(email);
      if (!user) return { sent: false, why: 'no_account' };
      const mailer = deps.mailer;
      if (!mailer) return { sent: false, userId: user.id, why: 'no_mailer' };
      const hourAgo = new Date(now().getTime() - 3_600_000).toISOString();
      if ((await deps.repo.countSince(user.id, hourAgo)) >= RESET_EMAILS_PER_HOUR)
        return { sent: false, userId: user.id, why: 'too_many' };
      const { link } = await links.make(user.id, 'email');
      const mail = passwordResetEmail({
        language: user.language,
        firstName: user.firstName,
        link,
        minutes: PASSWORD_RESET_MINUTES,
      });
      void mailer
        .send({ to: user.email, ...mail })
        .catch((error: unknown) => deps.onSendFailed(user.id, error));
      return { sent: true, userId: user.id };
    },

    /**
     * Sets the password with a link's token, under the usual password rules, and ends every
     * session of the account. The link is checked, the password judged, then the link used:
     * a refused password leaves the link working for a better one.
     */
    async confirm(input: PasswordResetConfirm): Promise<{ userId: number }> {
      const tokenHash = hashOf(input.token);
      const at = now().toISOString();
      const userId = await deps.repo.findUsable(tokenHash, at);
      const user = userId === undefined ? undefined : await deps.users.findUserById(userId);
      if (!user) throw new AppError(400, 'reset_token_invalid', RESET_TOKEN_INVALID);
      await assertPasswordAllowed(
        input.newPassword,
        { username: user.username, emails: [user.email] },
        'newPassword',
      );
      const passwordHash = await deps.hasher.hash(input.newPassword);
      if (!(await deps.repo.use(tokenHash, user.id, now().toISOString())))
        throw new AppError(400, 'reset_token_invalid', RESET_TOKEN_INVALID);
      await deps.users.updateUser(user.id, { passwordHash, now: now().toISOString() });
      await deps.auth.revokeAllSessions(user.id);
      return { userId: user.id };
    },

    /** A link an admin gives the student by hand; undefined when no account has the e-mail. */
    adminLink: links.forAdmin,
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
