import {
  SCHOOL_SIGN_IN_DONE_HASH,
  SCHOOL_SIGN_IN_ERROR_PARAM,
  SCHOOL_SIGN_IN_LINK_PARAM,
  SCHOOL_SIGN_IN_MESSAGES,
  type SchoolSignInError,
  schoolSignInEndpoints,
} from '@studybuddy/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/app-error.js';
import { route } from '../../platform/route.js';
import { clientAddress, type Throttle, throttled } from '../../platform/throttle.js';
import { setRefresh } from '../auth/index.js';
import { SignInFailure } from './oidc-client.js';
import type { SchoolSignInService, SignInOutcome } from './school-sign-in.service.js';
import type { SignInCookies } from './sign-in-cookies.js';

export interface SchoolSignInRoutesOptions {
  /** Undefined: school sign-in is not set up (the routes answer 404). */
  signIn: SchoolSignInService | undefined;
  cookies: SignInCookies;
  cookieSecure: boolean;
  sessionMaxDays: number;
  /** The web app's origin: where the browser goes next, and the callback's own address. */
  publicUrl: string;
  /** Sign-ins started per client address (the login's rule); password checks per account. */
  throttles: { login: Throttle; passwordChecks: Throttle };
}

const open = { public: true, tags: ['auth'] };
/** The start and the callback are the browser's navigations: redirects, not API answers. */
const navigation = { ...open, status: 302, hidden: true };
export const CALLBACK_PATH = schoolSignInEndpoints.callback.path;

/**
 * School sign-in's routes (README, School sign-in). The start and the callback are
 * browser navigations, so each answers a redirect: to the school, then to /dashboard signed in,
 * or to /login with the reason the page shows. The code and state of the callback's query are
 * kept out of the access log (log-serializers.ts).
 */
export async function schoolSignInRoutes(
  app: FastifyInstance,
  opts: SchoolSignInRoutesOptions,
): Promise<void> {
  const { cookies } = opts;
  const redirect = (reply: FastifyReply, to: string) => {
    reply.header('location', to).header('cache-control', 'no-store').status(302);
    return null;
  };
  const toLogin = (reply: FastifyReply, reason: SchoolSignInError) =>
    redirect(reply, `${opts.publicUrl}/login?${SCHOOL_SIGN_IN_ERROR_PARAM}=${reason}`);
  const service = () => {
    if (!opts.signIn) throw AppError.notFound('School sign-in is not set up on this server.');
    return opts.signIn;
  };
  const failed = (req: FastifyRequest, reply: FastifyReply, error: unknown) => {
    if (!(error instanceof SignInFailure)) throw error;
    req.log.warn(
      { event: 'auth.oidc_failed', reason: error.reason, detail: error.message, ip: req.ip },
      'school sign-in refused',
    );
    return toLogin(reply, error.reason);
  };
  const signedIn = (req: FastifyRequest, reply: FastifyReply, outcome: SignInOutcome) => {
    if (outcome.kind !== 'signedIn') throw new Error('not signed in');
    const { userId } = outcome;
    if (outcome.created)
      req.log.info({ event: 'auth.oidc_account_created', userId, ip: req.ip }, 'account created');
    if (outcome.madeAdmin)
      req.log.warn({ event: 'auth.oidc_admin_granted', userId, ip: req.ip }, 'admin by group');
    req.log.info({ event: 'auth.login', userId, via: 'school', ip: req.ip }, 'login succeeded');
    return setRefresh(reply, outcome.issued, opts);
  };

  route(app, schoolSignInEndpoints.start, navigation, async (req, reply) => {
    const signIn = service();
    const byAddress = await opts.throttles.login.consume(clientAddress(req.ip));
    if (!byAddress.allowed) throw throttled(reply, byAddress);
    try {
      const { url, checks } = await signIn.start();
      reply.setCookie(cookies.checks.name, cookies.checks.seal(checks), cookies.checks.options);
      return redirect(reply, url);
    } catch (error) {
      return failed(req, reply, error);
    }
  });

  route(app, schoolSignInEndpoints.callback, navigation, async (req, reply) => {
    const signIn = service();
    // One use: whatever happens next, this sign-in's checks are spent.
    const checks = cookies.checks.open(req.cookies[cookies.checks.name]);
    reply.clearCookie(cookies.checks.name, cookies.checks.options);
    try {
      if (!checks) throw new SignInFailure('expired', 'no sign-in in progress in this browser');
      const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
      const outcome = await signIn.complete(
        new URL(`${opts.publicUrl}${CALLBACK_PATH}${query}`),
        checks,
        req.headers['user-agent'],
      );
      if (outcome.kind === 'linkNeeded') {
        reply.setCookie(
          cookies.link.name,
          cookies.link.seal(outcome.pending),
          cookies.link.options,
        );
        req.log.info(
          { event: 'auth.oidc_link_asked', userId: outcome.pending.userId, ip: req.ip },
          'school account matches an account: password asked',
        );
        return redirect(reply, `${opts.publicUrl}/login?${SCHOOL_SIGN_IN_LINK_PARAM}=1`);
      }
      signedIn(req, reply, outcome);
      return redirect(reply, `${opts.publicUrl}/dashboard${SCHOOL_SIGN_IN_DONE_HASH}`);
    } catch (error) {
      return failed(req, reply, error);
    }
  });

  const pending = (req: FastifyRequest) => {
    const link = cookies.link.open(req.cookies[cookies.link.name]);
    if (!link) throw new AppError(400, 'school_link_expired', SCHOOL_SIGN_IN_MESSAGES.linkExpired);
    return link;
  };

  route(app, schoolSignInEndpoints.pendingLink, open, async (req) => {
    const email = await service().pendingEmail(pending(req));
    if (!email) throw new AppError(400, 'school_link_expired', SCHOOL_SIGN_IN_MESSAGES.linkExpired);
    return { email };
  });

  route(app, schoolSignInEndpoints.link, open, async (req, reply) => {
    const signIn = service();
    const link = pending(req);
    // A wrong password counts against the account as a failed login does.
    const key = `user:${link.userId}`;
    const decision = await opts.throttles.passwordChecks.consume(key);
    if (!decision.allowed) throw throttled(reply, decision);
    let outcome: Awaited<ReturnType<SchoolSignInService['link']>>;
    try {
      outcome = await signIn.link(link, req.body.password, req.headers['user-agent']);
    } catch (error) {
      if (error instanceof AppError && error.code === 'wrong_password')
        req.log.warn(
          { event: 'auth.oidc_link_failed', userId: link.userId, ip: req.ip },
          'wrong password',
        );
      throw error;
    }
    await opts.throttles.passwordChecks.reward(key);
    reply.clearCookie(cookies.link.name, cookies.link.options);
    req.log.warn(
      { event: 'auth.oidc_linked', userId: link.userId, ip: req.ip },
      'school account linked to an account',
    );
    return signedIn(req, reply, outcome);
  });
}
