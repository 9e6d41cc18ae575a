import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  ActiveSession,
  AuthTokenResponse,
  CurrentUser,
  LoginInput,
  RegisterInput,
} from '@studybuddy/contracts';
import type { PasswordHasher } from '../../adapters/password-hasher.js';
import { AppError } from '../../platform/app-error.js';
import type { Broadcast } from '../../platform/broadcast.js';
import type { TokenService } from '../../platform/tokens.js';
import { assertPasswordAllowed } from './password-policy.js';
import { createSessionCache, type SessionsEnded } from './session-cache.js';
import type { SessionsRepository } from './sessions.repository.js';
import { describeUserAgent } from './user-agent.js';
import type { UserRow, UsersRepository } from './users.repository.js';

export interface AuthServiceDeps {
  users: UsersRepository;
  sessions: SessionsRepository;
  hasher: PasswordHasher;
  tokens: TokenService;
  /** A session with no login or refresh for this long ends (refresh and every request). */
  sessionIdleMinutes: number;
  sessionMaxDays: number;
  /**
   * How every instance hears that sessions ended, for a short cache of live sessions. Only
   * when every instance hears it (one SQLite process, or Redis): without it, every request
   * asks the database.
   */
  sessionEnds?: Broadcast;
  /** Two-step sign-in: whether an account needs a code, and the challenge that waits for it. */
  twoFactor?: {
    isOn(userId: number): Promise<boolean>;
    challenge(userId: number): string;
  };
  now?: () => Date;
}

/** A password login of an account with two-step sign-in: the code is asked next. */
export interface CodeNeeded {
  userId: number;
  challenge: string;
}

/** What a successful login or refresh hands to the route: the body and the new refresh cookie. */
export interface IssuedSession {
  response: AuthTokenResponse;
  refreshToken: string;
}

/** Security events the caller logs (the service knows no logger or request). */
export interface AuthEvents {
  /** A wrong password for this account, or (undefined) an e-mail with no account. */
  onLoginFailed?(userId: number | undefined): void;
  /** A refresh token already rotated came back: someone else holds a copy. */
  onRefreshReuse?(session: { userId: number; sessionId: string }): void;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const INVALID_CREDENTIALS = 'Invalid email or password.';

export function toCurrentUser(u: UserRow): CurrentUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    name: `${u.firstName} ${u.lastName}`,
    role: u.role === 'Admin' ? 'Admin' : 'Student',
    language: u.language,
    timeZone: u.timeZone,
  };
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function createAuthService(deps: AuthServiceDeps) {
  const now = deps.now ?? (() => new Date());
  /** Sessions last used at or before this instant are idle, hence ended. */
  const idleCutoff = (at: Date) =>
    new Date(at.getTime() - deps.sessionIdleMinutes * MINUTE_MS).toISOString();
  const cache = deps.sessionEnds
    ? createSessionCache(deps.sessionEnds, () => now().getTime())
    : undefined;
  /** Revokes in the database, then tells every instance's cache. */
  const ended = (which: SessionsEnded) => cache?.ended(which);

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

  /** A new session of the user: its row, its access token and its refresh cookie. */
  async function startSession(user: UserRow, userAgent: string | undefined) {
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
  }

  /** Refresh tokens are `<session id>.<secret>`; only the secret's hash is stored. */
  function newRefreshSecret(): string {
    return randomBytes(32).toString('base64url');
  }

  return {
    async register(input: RegisterInput): Promise<CurrentUser> {
      await assertPasswordAllowed(
        input.password,
        { username: input.username, emails: [input.email] },
        'password',
      );
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

    async login(
      input: LoginInput,
      userAgent: string | undefined,
      events: AuthEvents = {},
    ): Promise<IssuedSession | CodeNeeded> {
      const user = await deps.users.findUserByEmail(input.email);
      if (!user) {
        await deps.hasher.verifyDummy(input.password);
        events.onLoginFailed?.(undefined);
        throw new AppError(401, 'invalid_credentials', INVALID_CREDENTIALS);
      }
      if (!(await deps.hasher.verify(user.passwordHash, input.password))) {
        events.onLoginFailed?.(user.id);
        throw new AppError(401, 'invalid_credentials', INVALID_CREDENTIALS);
      }
      const twoFactor = deps.twoFactor;
      if (twoFactor && (await twoFactor.isOn(user.id)))
        return { userId: user.id, challenge: twoFactor.challenge(user.id) };
      return startSession(user, userAgent);
    },

    /** The session of a login whose second step (a code) the two-factor routes accepted. */
    async finishLogin(userId: number, userAgent: string | undefined): Promise<IssuedSession> {
      const user = await deps.users.findUserById(userId);
      if (!user) throw new AppError(401, 'invalid_credentials', INVALID_CREDENTIALS);
      return startSession(user, userAgent);
    },

    async refresh(
      refreshToken: string | undefined,
      events: AuthEvents = {},
    ): Promise<IssuedSession> {
      const expired = AppError.unauthorized(
        'Your session has expired. Please log in again.',
        'token_invalid',
      );
      const [id, secret, ...rest] = (refreshToken ?? '').split('.');
      if (!id || !secret || rest.length > 0) throw expired;
      const session = await deps.sessions.findSession(id);
      const at = now();
      if (!session || session.revokedAt !== null) throw expired;
      if (session.expiresAt <= at.toISOString() || session.lastSeenAt <= idleCutoff(at)) {
        throw expired;
      }
      const presented = Buffer.from(sha256(secret));
      if (!timingSafeEqual(presented, Buffer.from(session.refreshTokenHash))) {
        // An old refresh token came back: someone holds a copy. End the session for both.
        await deps.sessions.revokeSession(session.id, session.userId, at.toISOString());
        ended({ userId: session.userId, sessionId: session.id });
        events.onRefreshReuse?.({ userId: session.userId, sessionId: session.id });
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
      ended({ userId, sessionId });
    },

    /** Ends every session of the user but the current one (after a password change). */
    async revokeOtherSessions(userId: number, keepSessionId: string): Promise<number> {
      const revoked = await deps.sessions.revokeOtherSessions(
        userId,
        keepSessionId,
        now().toISOString(),
      );
      ended({ userId, except: keepSessionId });
      return revoked;
    },

    /** Ends every session of the user (a password set with a reset link). */
    async revokeAllSessions(userId: number): Promise<number> {
      // No session id is empty: "every session but ''" is every session.
      const revoked = await deps.sessions.revokeOtherSessions(userId, '', now().toISOString());
      ended({ userId });
      return revoked;
    },

    /** The account and its session rows are gone (deleted): no instance may serve them. */
    accountDeleted(userId: number): void {
      ended({ userId });
    },

    /**
     * Also refuses an idle session. An access token is issued when its session is renewed and
     * the idle limit is longer than the token (config), so this only bites when the limit was
     * shortened since; it keeps one definition of "live" for requests, refresh and the list.
     */
    async isSessionLive(sessionId: string, userId: number): Promise<boolean> {
      /** Until when (ms) the session stays live unless it is ended; undefined: not live. */
      const lookup = async () => {
        const at = now();
        const life = await deps.sessions.findLiveSession(
          sessionId,
          userId,
          at.toISOString(),
          idleCutoff(at),
        );
        if (!life) return undefined;
        const idleAt = Date.parse(life.lastSeenAt) + deps.sessionIdleMinutes * MINUTE_MS;
        return Math.min(Date.parse(life.expiresAt), idleAt);
      };
      if (!cache) return (await lookup()) !== undefined;
      return cache.isLive(sessionId, userId, lookup);
    },

    /** The student's live sessions for the profile, the one making the request first. */
    async listSessions(userId: number, currentSessionId: string): Promise<ActiveSession[]> {
      const at = now();
      const rows = await deps.sessions.listSessions(userId, at.toISOString(), idleCutoff(at));
      const sessions = rows.map((row) => ({
        ...describeUserAgent(row.userAgent),
        createdAt: row.createdAt,
        lastUsedAt: row.lastSeenAt,
        current: row.id === currentSessionId,
      }));
      return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
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
