import { authEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { currentUser } from '../../platform/authenticate.js';
import { route } from '../../platform/route.js';
import type { AuthService, IssuedSession } from './auth.service.js';

export interface AuthRoutesOptions {
  auth: AuthService;
  cookieSecure: boolean;
  sessionMaxDays: number;
  rateLimitMax: number;
}

/** The refresh cookie is only ever sent to /api/auth, never to the rest of the API. */
const REFRESH_PATH = '/api/auth';
export const refreshCookieName = (secure: boolean) =>
  secure ? '__Secure-sb_refresh' : 'sb_refresh';

export async function authRoutes(app: FastifyInstance, opts: AuthRoutesOptions): Promise<void> {
  const cookieName = refreshCookieName(opts.cookieSecure);
  const limited = { rateLimit: { max: opts.rateLimitMax, timeWindow: '1 minute' } };
  // Every page load restores the session through refresh, so its limit only has to stop
  // floods: the cookie holds 256 random bits, there is nothing to guess.
  const refreshLimited = { rateLimit: { max: opts.rateLimitMax * 12, timeWindow: '1 minute' } };

  const setRefreshCookie = (reply: FastifyReply, issued: IssuedSession) => {
    reply.setCookie(cookieName, issued.refreshToken, {
      path: REFRESH_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: opts.cookieSecure,
      maxAge: opts.sessionMaxDays * 86_400,
    });
    return issued.response;
  };
  const clearRefreshCookie = (reply: FastifyReply) =>
    reply.clearCookie(cookieName, {
      path: REFRESH_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: opts.cookieSecure,
    });

  route(
    app,
    authEndpoints.register,
    { status: 201, config: limited, tags: ['auth'] },
    async (req) => {
      const user = await opts.auth.register(req.body);
      req.log.info({ event: 'auth.register', userId: user.id }, 'account created');
      return user;
    },
  );

  route(app, authEndpoints.login, { config: limited, tags: ['auth'] }, async (req, reply) => {
    try {
      const issued = await opts.auth.login(req.body, req.headers['user-agent']);
      req.log.info({ event: 'auth.login', userId: issued.response.user.id }, 'login succeeded');
      return setRefreshCookie(reply, issued);
    } catch (err) {
      req.log.info({ event: 'auth.login_failed' }, 'login failed');
      throw err;
    }
  });

  route(
    app,
    authEndpoints.refresh,
    { config: refreshLimited, tags: ['auth'] },
    async (req, reply) => {
      try {
        return setRefreshCookie(reply, await opts.auth.refresh(req.cookies[cookieName]));
      } catch (err) {
        clearRefreshCookie(reply);
        throw err;
      }
    },
  );

  route(app, authEndpoints.logout, { auth: true, tags: ['auth'] }, async (req, reply) => {
    const user = currentUser(req);
    await opts.auth.logout(user.sessionId, user.id);
    clearRefreshCookie(reply);
    req.log.info({ event: 'auth.logout', userId: user.id }, 'logged out');
    return { message: 'You are logged out.' };
  });
}
