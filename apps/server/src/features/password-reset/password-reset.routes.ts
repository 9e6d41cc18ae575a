import { authEndpoints, PASSWORD_RESET_SENT, SCHOOL_SIGN_IN_MESSAGES } from '@studybuddy/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/app-error.js';
import { route } from '../../platform/route.js';
import { clientAddress, type Throttle, throttled } from '../../platform/throttle.js';
import type { PasswordResetService } from './password-reset.service.js';

export interface PasswordResetRoutesOptions {
  resets: PasswordResetService;
  /** Reset requests and confirmations per client address (the auth routes' per-minute rule). */
  throttle: Throttle;
  /** False (PASSWORD_LOGIN=false): there is no password to reset; undefined: on. */
  passwordLogin?: boolean;
}

/** An e-mail is personal data: the log carries its domain, as failed logins do. */
const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

const open = { public: true, tags: ['auth'] };

/**
 * A forgotten password (docs/product.md, Accounts): ask for a link by e-mail, then set a new
 * password with it. The token travels in the page's query only as far as the browser: the page
 * sends it in the body, and the access log writes any `token` of a query as `<token>`.
 */
export async function passwordResetRoutes(
  app: FastifyInstance,
  opts: PasswordResetRoutesOptions,
): Promise<void> {
  /** Requests and confirmations count per client address, together. */
  const admit = async (req: FastifyRequest, reply: FastifyReply) => {
    if (opts.passwordLogin === false)
      throw new AppError(403, 'password_login_off', SCHOOL_SIGN_IN_MESSAGES.passwordLoginOff);
    const byAddress = await opts.throttle.consume(clientAddress(req.ip));
    if (byAddress.allowed) return;
    req.log.warn({ event: 'auth.reset_throttled', ip: req.ip }, 'reset refused: too many');
    throw throttled(reply, byAddress);
  };

  route(app, authEndpoints.passwordReset, { ...open, status: 202 }, async (req, reply) => {
    await admit(req, reply);
    const outcome = await opts.resets.request(req.body.email);
    req.log.info(
      {
        event: 'auth.reset_requested',
        ...(outcome.userId !== undefined ? { userId: outcome.userId } : {}),
        emailDomain: emailDomain(req.body.email),
        sent: outcome.sent,
        ...(outcome.sent ? {} : { why: outcome.why }),
        ip: req.ip,
      },
      'password reset asked for',
    );
    // The same answer whether the account exists, was sent a link, or had too many.
    return { message: PASSWORD_RESET_SENT };
  });

  route(app, authEndpoints.passwordResetConfirm, open, async (req, reply) => {
    await admit(req, reply);
    try {
      const { userId } = await opts.resets.confirm(req.body);
      req.log.info({ event: 'auth.reset_done', userId, ip: req.ip }, 'password set with a link');
      return { message: 'Your new password is set. Log in with it.' };
    } catch (error) {
      req.log.warn({ event: 'auth.reset_refused', ip: req.ip }, 'reset link or password refused');
      throw error;
    }
  });
}
