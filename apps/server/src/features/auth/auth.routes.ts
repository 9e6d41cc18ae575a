import {
  authEndpoints,
  SCHOOL_SIGN_IN_MESSAGES,
  TWO_FACTOR_MESSAGES,
  twoFactorEndpoints,
} from '@studybuddy/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/app-error.js';
import { currentUser } from '../../platform/authenticate.js';
import { route } from '../../platform/route.js';
import { clientAddress, securityFields, throttled } from '../../platform/throttle.js';
import type { AuthService, CodeNeeded, IssuedSession } from './auth.service.js';
import type { AuthThrottles, LoginGuard } from './login-guard.js';

export interface AuthRoutesOptions {
  auth: AuthService;
  cookieSecure: boolean;
  sessionMaxDays: number;
  throttles: Pick<AuthThrottles, 'login' | 'register' | 'refresh' | 'passwordChecks'>;
  loginGuard: LoginGuard;
  /** False (PASSWORD_LOGIN=false): no password login or registration; undefined: on. */
  passwordLogin?: boolean;
  /** Two-step sign-in's second step: the challenge's account, and whether a code is its. */
  twoFactor?: {
    readChallenge(challenge: string): number | undefined;
    acceptCode(userId: number, code: string): Promise<'app' | 'recovery' | undefined>;
  };
}

/** The refresh cookie is only ever sent to /api/auth, never to the rest of the API. */
const REFRESH_PATH = '/api/auth';
export const refreshCookieName = (secure: boolean) =>
  secure ? '__Secure-sb_refresh' : 'sb_refresh';

/**
 * Tells the browser to drop the refresh cookie (logout, a refused refresh, a deleted account):
 * the same name, path and flags it was set with, or the browser keeps it.
 */
export function clearRefresh(reply: FastifyReply, cookieSecure: boolean): void {
  reply.clearCookie(refreshCookieName(cookieSecure), {
    path: REFRESH_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: cookieSecure,
  });
}

/**
 * Sets the refresh cookie of a new or renewed session and answers its body: every way in (a
 * password, a code, a school sign-in) sets the same cookie.
 */
export function setRefresh(
  reply: FastifyReply,
  issued: IssuedSession,
  opts: { cookieSecure: boolean; sessionMaxDays: number },
) {
  reply.setCookie(refreshCookieName(opts.cookieSecure), issued.refreshToken, {
    path: REFRESH_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: opts.cookieSecure,
    maxAge: opts.sessionMaxDays * 86_400,
  });
  return issued.response;
}

/** Sent to both login paths, which share no narrower prefix. */
const DEVICE_PATH = '/api';
const DEVICE_MAX_AGE = 365 * 86_400;
/** The device cookie (OWASP's pattern, see login-guard.ts): `__Secure-` behind HTTPS. */
export const deviceCookieName = (secure: boolean) => (secure ? '__Secure-sb_device' : 'sb_device');

/** An e-mail is personal data: failure logs carry its domain and the account tag instead. */
const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** Register, login and refresh are how a student gets a token (refresh checks its cookie). */
const open = { public: true, tags: ['auth'] };

export async function authRoutes(app: FastifyInstance, opts: AuthRoutesOptions): Promise<void> {
  const cookieName = refreshCookieName(opts.cookieSecure);
  const deviceName = deviceCookieName(opts.cookieSecure);
  const { throttles } = opts;

  const setRefreshCookie = (reply: FastifyReply, issued: IssuedSession) =>
    setRefresh(reply, issued, opts);
  /** PASSWORD_LOGIN=false: the school's sign-in is the only way in. */
  const assertPasswordLogin = () => {
    if (opts.passwordLogin === false)
      throw new AppError(403, 'password_login_off', SCHOOL_SIGN_IN_MESSAGES.passwordLoginOff);
  };
  const clearRefreshCookie = (reply: FastifyReply) => clearRefresh(reply, opts.cookieSecure);

  route(app, authEndpoints.register, { ...open, status: 201 }, async (req, reply) => {
    assertPasswordLogin();
    const byAddress = await throttles.register.consume(clientAddress(req.ip));
    if (!byAddress.allowed) {
      req.log.warn({ event: 'auth.register_throttled', ip: req.ip }, 'register refused: too many');
      throw throttled(reply, byAddress);
    }
    const user = await opts.auth.register(req.body);
    req.log.info({ event: 'auth.register', userId: user.id, ip: req.ip }, 'account created');
    return user;
  });

  // Both paths share each counter: per address first, then the account's failures (or this
  // device's, for a browser that logged into the account before). A refused attempt never
  // reaches the password hasher.
  route(app, authEndpoints.login, open, async (req, reply) => {
    assertPasswordLogin();
    const byAddress = await throttles.login.consume(clientAddress(req.ip));
    if (!byAddress.allowed) {
      req.log.warn(
        { event: 'auth.login_throttled', lockedBy: 'address', ip: req.ip },
        'login refused: too many attempts from this address',
      );
      throw throttled(reply, byAddress);
    }
    const attempt = await opts.loginGuard.admit(req.body.email, req.cookies[deviceName]);
    const who = { account: attempt.account.slice(0, 12), emailDomain: emailDomain(req.body.email) };
    if (!attempt.allowed) {
      req.log.warn(
        { event: 'auth.login_throttled', lockedBy: attempt.lockedBy, ...who, ip: req.ip },
        'login refused: too many failed logins',
      );
      throw throttled(reply, attempt.decision, (wait) =>
        attempt.lockedBy === 'device'
          ? `Too many failed logins from this browser. Please try again in ${wait}.`
          : `Too many failed logins for this account. Please try again in ${wait}, or log in from a browser you have logged in from before.`,
      );
    }
    let failedUserId: number | undefined;
    let issued: IssuedSession | CodeNeeded;
    try {
      issued = await opts.auth.login(req.body, req.headers['user-agent'], {
        onLoginFailed: (userId) => {
          failedUserId = userId;
        },
      });
    } catch (err) {
      if (err instanceof AppError && err.code === 'invalid_credentials') {
        await attempt.failed();
        req.log.warn(
          {
            event: 'auth.login_failed',
            userId: failedUserId,
            ...who,
            trustedDevice: attempt.trustedDevice,
            ip: req.ip,
          },
          'login failed',
        );
      } else {
        await attempt.aborted();
      }
      throw err;
    }
    reply.setCookie(deviceName, await attempt.succeeded(), {
      path: DEVICE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: opts.cookieSecure,
      maxAge: DEVICE_MAX_AGE,
    });
    if (!('response' in issued)) {
      // The password was right; the session waits for the code (two-step sign-in).
      req.log.info(
        { event: 'auth.login_code_asked', userId: issued.userId, ip: req.ip },
        'password right, code asked',
      );
      return { twoFactorRequired: true as const, challenge: issued.challenge };
    }
    logLogin(req, issued, attempt.trustedDevice);
    return setRefreshCookie(reply, issued);
  });

  const logLogin = (req: FastifyRequest, issued: IssuedSession, trustedDevice?: boolean) => {
    const sessionId = issued.refreshToken.slice(0, issued.refreshToken.indexOf('.'));
    req.log.info(
      {
        event: 'auth.login',
        userId: issued.response.user.id,
        sid: sessionId.slice(0, 8),
        ...(trustedDevice === undefined ? {} : { trustedDevice }),
        ip: req.ip,
      },
      'login succeeded',
    );
  };

  // The second step of a login with two-step sign-in: the challenge the password step gave
  // and a code. Wrong codes count against the account as wrong passwords do.
  route(app, twoFactorEndpoints.login, open, async (req, reply) => {
    assertPasswordLogin();
    const byAddress = await throttles.login.consume(clientAddress(req.ip));
    if (!byAddress.allowed) throw throttled(reply, byAddress);
    const codes = opts.twoFactor;
    const userId = codes?.readChallenge(req.body.challenge);
    if (!codes || userId === undefined)
      throw new AppError(400, 'two_factor_challenge_invalid', TWO_FACTOR_MESSAGES.challengeInvalid);
    const key = `user:${userId}`;
    const decision = await throttles.passwordChecks.consume(key);
    if (!decision.allowed) {
      req.log.warn({ event: 'auth.login_code_throttled', userId, ip: req.ip }, 'code refused');
      throw throttled(reply, decision);
    }
    const kind = await codes.acceptCode(userId, req.body.code);
    if (!kind) {
      req.log.warn({ event: 'auth.login_code_failed', userId, ip: req.ip }, 'wrong code');
      throw new AppError(400, 'two_factor_code_invalid', TWO_FACTOR_MESSAGES.codeInvalid, [
        { path: 'code', message: TWO_FACTOR_MESSAGES.codeInvalid },
      ]);
    }
    await throttles.passwordChecks.reward(key);
    const issued = await opts.auth.finishLogin(userId, req.headers['user-agent']);
    if (kind === 'recovery')
      req.log.warn({ event: 'auth.recovery_code_used', userId, ip: req.ip }, 'recovery code used');
    logLogin(req, issued);
    return setRefreshCookie(reply, issued);
  });

  route(app, authEndpoints.refresh, open, async (req, reply) => {
    const byAddress = await throttles.refresh.consume(clientAddress(req.ip));
    if (!byAddress.allowed) {
      req.log.warn({ event: 'auth.refresh_throttled', ip: req.ip }, 'refresh refused: too many');
      throw throttled(reply, byAddress);
    }
    const events = {
      onRefreshReuse: ({ userId, sessionId }: { userId: number; sessionId: string }) =>
        req.log.warn(
          { event: 'auth.refresh_reuse', userId, sid: sessionId.slice(0, 8), ip: req.ip },
          'an old refresh token came back: session ended',
        ),
    };
    try {
      return setRefreshCookie(reply, await opts.auth.refresh(req.cookies[cookieName], events));
    } catch (err) {
      clearRefreshCookie(reply);
      throw err;
    }
  });

  route(app, authEndpoints.logout, { tags: ['auth'] }, async (req, reply) => {
    const user = currentUser(req);
    await opts.auth.logout(user.sessionId, user.id);
    clearRefreshCookie(reply);
    req.log.info({ event: 'auth.logout', ...securityFields(req) }, 'logged out');
    return { message: 'You are logged out.' };
  });
}
