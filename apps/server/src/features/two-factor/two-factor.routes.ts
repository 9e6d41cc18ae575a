import { twoFactorEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currentUser } from '../../platform/authenticate.js';
import { route } from '../../platform/route.js';
import { securityFields, type Throttle, withPasswordCheck } from '../../platform/throttle.js';
import type { TwoFactorService } from './two-factor.service.js';

const opts = { tags: ['profile'] };

/**
 * A check of the password or a code under the student's failed-checks throttle (each is a login
 * in disguise): a wrong one keeps its point, anything else gives it back.
 */
const underThrottle = <T>(
  req: FastifyRequest,
  reply: FastifyReply,
  checks: Throttle,
  run: () => Promise<T>,
) =>
  withPasswordCheck(req, reply, checks, `user:${currentUser(req).id}`, run, {
    failures: ['wrong_password', 'two_factor_code_invalid'],
    tooMany: (wait) => `Too many attempts. Please try again in ${wait}.`,
  });

/** Turning two-step sign-in on and off, from the profile. */
export async function twoFactorRoutes(
  app: FastifyInstance,
  deps: { twoFactor: TwoFactorService; checks: Throttle },
): Promise<void> {
  const { twoFactor, checks } = deps;
  route(app, twoFactorEndpoints.status, opts, async (req) => twoFactor.status(currentUser(req).id));

  route(app, twoFactorEndpoints.setup, opts, async (req, reply) =>
    underThrottle(req, reply, checks, () =>
      twoFactor.setup(currentUser(req).id, req.body.password),
    ),
  );

  route(app, twoFactorEndpoints.enable, opts, async (req, reply) => {
    const recoveryCodes = await underThrottle(req, reply, checks, () =>
      twoFactor.enable(currentUser(req).id, req.body.code),
    );
    req.log.info({ event: 'auth.two_factor_on', ...securityFields(req) }, 'two-step sign-in on');
    return { recoveryCodes };
  });

  route(app, twoFactorEndpoints.disable, opts, async (req, reply) => {
    await underThrottle(req, reply, checks, () =>
      twoFactor.disable(currentUser(req).id, req.body.password, req.body.code),
    );
    req.log.info({ event: 'auth.two_factor_off', ...securityFields(req) }, 'two-step sign-in off');
    return { message: 'Two-step sign-in is off.' };
  });
}
