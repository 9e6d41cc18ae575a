import { randomBytes } from 'node:crypto';
import type { PasswordHasher } from '../../adapters/password-hasher.js';
import type { SchoolSignInConfig } from '../../config/config.js';
import { AppError } from '../../platform/app-error.js';
import {
  ADMIN_ROLE,
  type AuthService,
  type IssuedSession,
  type UserRow,
  type UsersRepository,
} from '../auth/index.js';
import type {
  ExternalIdentitiesRepository,
  SchoolAccount,
} from './external-identities.repository.js';
import {
  type OidcClient,
  type SchoolClaims,
  type SignInChecks,
  SignInFailure,
} from './oidc-client.js';

/** A school account waiting for the password of the existing account with its e-mail. */
export interface PendingLink extends SchoolAccount {
  userId: number;
  /** The school's groups make this student an admin (OIDC_ADMIN_GROUP). */
  admin: boolean;
  /** The school's groups make this student a teacher (OIDC_TEACHER_GROUP); absent in older cookies. */
  teacher?: boolean;
}

/** What the school's groups make a student at sign-in. */
interface GroupRoles {
  admin: boolean;
  teacher: boolean;
}

/** How a school sign-in ended. */
export type SignInOutcome =
  | {
      kind: 'signedIn';
      issued: IssuedSession;
      userId: number;
      created: boolean;
      madeAdmin: boolean;
    }
  | { kind: 'linkNeeded'; pending: PendingLink };

export interface SchoolSignInDeps {
  config: SchoolSignInConfig;
  client: OidcClient;
  identities: ExternalIdentitiesRepository;
  users: Pick<UsersRepository, 'findUserById' | 'findUserByEmail' | 'findConflicts'>;
  hasher: PasswordHasher;
  auth: Pick<AuthService, 'finishLogin'>;
  /** Makes the student an admin, with its line in the admin log. */
  makeAdmin(user: UserRow, group: string, at: string): Promise<void>;
  /** Makes the student a teacher (classes), with its line in the admin log. */
  makeTeacher(user: UserRow, group: string, at: string): Promise<void>;
  now?: () => Date;
}

const WRONG_PASSWORD = 'The password is wrong.';
const USERNAME_MAX = 50;

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

/** A username from the school account: its own, else the e-mail's local part, cleaned. */
function usernameBase(claims: SchoolClaims): string {
  const raw = claims.preferredUsername ?? claims.email ?? '';
  const local = raw.includes('@') ? raw.slice(0, raw.lastIndexOf('@')) : raw;
  const cleaned = local
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '')
    .slice(0, USERNAME_MAX - 5);
  return cleaned || 'student';
}

/** First and last name: the claims' own, else the full name split at its last space. */
function namesOf(claims: SchoolClaims): { firstName: string; lastName: string } {
  const cut = (v: string) => v.slice(0, 100);
  if (claims.givenName || claims.familyName)
    return { firstName: cut(claims.givenName ?? ''), lastName: cut(claims.familyName ?? '') };
  const full = claims.name ?? usernameBase(claims);
  const space = full.lastIndexOf(' ');
  return space > 0
    ? { firstName: cut(full.slice(0, space)), lastName: cut(full.slice(space + 1)) }
    : { firstName: cut(full), lastName: '' };
}

/**
 * School sign-in (README, School sign-in): a school account signs in the student it
 * is linked to; else the account with its verified e-mail, once the student confirms with that
 * account's password; else a new account (OIDC_AUTO_CREATE). An e-mail the school does not
 * vouch for never reaches an existing account, and OIDC_ALLOWED_DOMAINS is checked at every
 * sign-in, so an account moved out of the school's domains stops signing in.
 */
export function createSchoolSignInService(deps: SchoolSignInDeps) {
  const { config } = deps;
  const now = deps.now ?? (() => new Date());
  const inGroup = (claims: SchoolClaims, group: string | undefined) =>
    group !== undefined && claims.groups.includes(group);
  const rolesOf = (claims: SchoolClaims): GroupRoles => ({
    admin: inGroup(claims, config.adminGroup),
    teacher: inGroup(claims, config.teacherGroup),
  });

  /** OIDC_ALLOWED_DOMAINS: Google's `hd`, or a verified e-mail's domain, must be in it. */
  function assertAdmitted(claims: SchoolClaims) {
    const allowed = config.allowedDomains;
    if (allowed.length === 0) return;
    if (claims.hostedDomain && allowed.includes(claims.hostedDomain)) return;
    if (!claims.email || !claims.emailVerified)
      throw new SignInFailure('email_unverified', 'no verified e-mail to check the domain of');
    if (!allowed.includes(domainOf(claims.email)))
      throw new SignInFailure('domain_not_allowed', `domain ${domainOf(claims.email)}`);
  }

  async function signIn(
    user: UserRow,
    roles: GroupRoles,
    userAgent: string | undefined,
    created: boolean,
  ): Promise<SignInOutcome & { kind: 'signedIn' }> {
    const madeAdmin = roles.admin && user.role !== ADMIN_ROLE;
    // Before the session: its access token carries the role.
    if (madeAdmin) await deps.makeAdmin(user, config.adminGroup ?? '', now().toISOString());
    // Granted, never taken back here: a teacher moved out of the group keeps their classes
    // until an admin says otherwise (their students rely on them).
    if (roles.teacher && user.teacher !== 1)
      await deps.makeTeacher(user, config.teacherGroup ?? '', now().toISOString());
    const issued = await deps.auth.finishLogin(user.id, userAgent);
    return { kind: 'signedIn', issued, userId: user.id, created, madeAdmin };
  }

  /** A username no account has: the base, then base-2 ... base-9, then a random ending. */
  async function freeUsername(base: string, email: string): Promise<string> {
    for (let i = 1; i <= 9; i++) {
      const name = i === 1 ? base : `${base}-${i}`;
      if (!(await deps.users.findConflicts(name, email)).username) return name;
    }
    return `${base}-${randomBytes(3).toString('hex')}`;
  }

  async function create(claims: SchoolClaims & { email: string }, userAgent: string | undefined) {
    // Nobody knows this password: the student signs in with the school, or sets one by e-mail.
    const passwordHash = await deps.hasher.hash(randomBytes(32).toString('base64url'));
    const user = await deps.identities.createLinkedUser(
      {
        username: await freeUsername(usernameBase(claims), claims.email),
        email: claims.email,
        ...namesOf(claims),
        passwordHash,
        now: now().toISOString(),
      },
      { issuer: claims.issuer, subject: claims.subject },
    );
    if (!user) throw new SignInFailure('failed', 'the school account was linked meanwhile');
    return signIn(user, rolesOf(claims), userAgent, true);
  }

  return {
    /** Where to send the browser, and what its return must match. */
    start(): Promise<{ url: string; checks: SignInChecks }> {
      // Google Workspace shows only the school's accounts when it knows the one domain.
      const [only, ...more] = config.allowedDomains;
      const google = new URL(config.issuer).hostname === 'accounts.google.com';
      return deps.client.start(google && only && more.length === 0 ? { hd: only } : {});
    },

    /** The provider's answer checked, then the student signed in, created or asked to link. */
    async complete(
      callbackUrl: URL,
      checks: SignInChecks,
      userAgent: string | undefined,
    ): Promise<SignInOutcome> {
      const claims = await deps.client.finish(callbackUrl, checks);
      assertAdmitted(claims);
      const account = { issuer: claims.issuer, subject: claims.subject };
      const linkedId = await deps.identities.findUserId(account);
      if (linkedId !== undefined) {
        const user = await deps.users.findUserById(linkedId);
        if (!user) throw new SignInFailure('failed', 'the linked account is gone');
        await deps.identities.touch(account, now().toISOString());
        return signIn(user, rolesOf(claims), userAgent, false);
      }
      if (!claims.email || !claims.emailVerified)
        throw new SignInFailure('email_unverified', 'no verified e-mail for a first sign-in');
      const existing = await deps.users.findUserByEmail(claims.email);
      if (existing)
        return {
          kind: 'linkNeeded',
          pending: { ...account, userId: existing.id, ...rolesOf(claims) },
        };
      if (!config.autoCreate) throw new SignInFailure('no_account', 'OIDC_AUTO_CREATE is off');
      return create({ ...claims, email: claims.email }, userAgent);
    },

    /** The e-mail of the account a pending link would join. */
    async pendingEmail(pending: PendingLink): Promise<string | undefined> {
      return (await deps.users.findUserById(pending.userId))?.email;
    },

    /** The student's password confirms the link; then they are signed in. */
    async link(
      pending: PendingLink,
      password: string,
      userAgent: string | undefined,
    ): Promise<SignInOutcome & { kind: 'signedIn' }> {
      const user = await deps.users.findUserById(pending.userId);
      if (!user) throw AppError.notFound('Account not found.');
      if (!(await deps.hasher.verify(user.passwordHash, password)))
        throw new AppError(400, 'wrong_password', WRONG_PASSWORD, [
          { path: 'password', message: WRONG_PASSWORD },
        ]);
      const account = { issuer: pending.issuer, subject: pending.subject };
      if (!(await deps.identities.link(user.id, account, now().toISOString())))
        throw new AppError(
          409,
          'school_account_taken',
          'This school account signs in another student.',
        );
      return signIn(
        user,
        { admin: pending.admin, teacher: pending.teacher === true },
        userAgent,
        false,
      );
    },
  };
}
export type SchoolSignInService = ReturnType<typeof createSchoolSignInService>;
