import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  AuthTokenResponse,
  CurrentUser,
  LoginInput,
  RegisterInput,
} from '@studybuddy/contracts';
import type { PasswordHasher } from '../../adapters/password-hasher.js';
import { AppError } from '../../platform/app-error.js';
import type { TokenService } from '../../platform/tokens.js';
import type { SessionsRepository } from './sessions.repository.js';
import type { UserRow, UsersRepository } from './users.repository.js';

export interface AuthServiceDeps {
  users: UsersRepository;
  sessions: SessionsRepository;
  hasher: PasswordHasher;
  tokens: TokenService;
  sessionIdleDays: number;
  sessionMaxDays: number;
  now?: () => Date;
}

/** What a successful login or refresh hands to the route: the body and the new refresh cookie. */
export interface IssuedSession {
  response: AuthTokenResponse;
  refreshToken: string;
}

const DAY_MS = 86_400_000;
const INVALID_CREDENTIALS = 'Invalid email or password.';

export function toCurrentUser(u: UserRow): CurrentUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    name: `${u.firstName} ${u.lastName}`,
    role: u.role === 'Admin' ? 'Admin' : 'Student',
  };
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function createAuthService(deps: AuthServiceDeps) {
  const now = deps.now ?? (() => new Date());

  function issueAccess(user: UserRow, sessionId: string, refreshToken: string): IssuedSession {
    const current = toCurrentUser(user);
    const accessToken = deps.tokens.sign({
      sub: String(user.id),
      email: user.email,
      name: current.name,
      role: current.role,
      sid: sessionId,
    });
    return {
      response: {
        accessToken,
        token: accessToken,
        expiresIn: deps.tokens.ttlSeconds,
        user: current,
      },
      refreshToken,
    };
  }

  /** Refresh tokens are `<session id>.<secret>`; only the secret's hash is stored. */
  function newRefreshSecret(): string {
    return randomBytes(32).toString('base64url');
  }

  return {
    async register(input: RegisterInput): Promise<CurrentUser> {
      await assertAvailable(deps.users, input.username, input.email);
      const passwordHash = await deps.hasher.hash(input.password);
      try {
        const user = await deps.users.insertUser({
          ...input,
          passwordHash,
          now: now().toISOString(),
        });
        return toCurrentUser(user);
      } catch (err) {
        // Two registrations racing past the check: the unique index decides, still a 409.
        await assertAvailable(deps.users, input.username, input.email);
        throw err;
      }
    },

    async login(input: LoginInput, userAgent: string | undefined): Promise<IssuedSession> {
      const user = await deps.users.findUserByEmail(input.email);
      if (!user) {
        await deps.hasher.verifyDummy(input.password);
        throw new AppError(401, 'invalid_credentials', INVALID_CREDENTIALS);
      }
      if (!(await deps.hasher.verify(user.passwordHash, input.password))) {
        throw new AppError(401, 'invalid_credentials', INVALID_CREDENTIALS);
      }
      const at = now();
      const id = randomBytes(32).toString('base64url');
      const secret = newRefreshSecret();
      await deps.sessions.insertSession({
        id,
        userId: user.id,
        refreshTokenHash: sha256(secret),
        userAgent: userAgent?.slice(0, 300) ?? null,
        createdAt: at.toISOString(),
        lastSeenAt: at.toISOString(),
        expiresAt: new Date(at.getTime() + deps.sessionMaxDays * DAY_MS).toISOString(),
        revokedAt: null,
      });
      return issueAccess(user, id, `${id}.${secret}`);
    },

    async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
      const expired = AppError.unauthorized(
        'Your session has expired. Please log in again.',
        'token_invalid',
      );
      const [id, secret, ...rest] = (refreshToken ?? '').split('.');
      if (!id || !secret || rest.length > 0) throw expired;
      const session = await deps.sessions.findSession(id);
      const at = now();
      if (!session || session.revokedAt !== null) throw expired;
      const idleLimit = new Date(session.lastSeenAt).getTime() + deps.sessionIdleDays * DAY_MS;
      if (session.expiresAt <= at.toISOString() || idleLimit <= at.getTime()) throw expired;
      const presented = Buffer.from(sha256(secret));
      if (!timingSafeEqual(presented, Buffer.from(session.refreshTokenHash))) {
        // An old refresh token came back: someone holds a copy. End the session for both.
        await deps.sessions.revokeSession(session.id, session.userId, at.toISOString());
        throw expired;
      }
      const next = newRefreshSecret();
      const rotated = await deps.sessions.rotateRefresh(
        session.id,
        session.refreshTokenHash,
        sha256(next),
        at.toISOString(),
      );
      if (!rotated) throw expired;
      const user = await deps.users.findUserById(session.userId);
      if (!user) throw expired;
      return issueAccess(user, session.id, `${session.id}.${next}`);
    },

    async logout(sessionId: string, userId: number): Promise<void> {
      await deps.sessions.revokeSession(sessionId, userId, now().toISOString());
    },

    /** Ends every session of the user but the current one (after a password change). */
    revokeOtherSessions(userId: number, keepSessionId: string): Promise<number> {
      return deps.sessions.revokeOtherSessions(userId, keepSessionId, now().toISOString());
    },

    isSessionLive(sessionId: string, userId: number): Promise<boolean> {
      return deps.sessions.isSessionLive(sessionId, userId, now().toISOString());
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

/** 409 naming what is taken; e-mail first since it is what a student recognises. */
export async function assertAvailable(
  users: UsersRepository,
  username: string,
  email: string,
  exceptUserId?: number,
): Promise<void> {
  const taken = await users.findConflicts(username, email, exceptUserId);
  if (taken.email) {
    throw new AppError(409, 'email_taken', 'An account with this email already exists.', [
      { path: 'email', message: 'An account with this email already exists.' },
    ]);
  }
  if (taken.username) {
    throw new AppError(409, 'username_taken', 'This username is already taken.', [
      { path: 'username', message: 'This username is already taken.' },
    ]);
  }
}
