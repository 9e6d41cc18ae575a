import { type Profile, profileEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/app-error.js';
import { currentUser } from '../../platform/authenticate.js';
import { route } from '../../platform/route.js';
import { securityFields, type Throttle, throttled } from '../../platform/throttle.js';
import type { ProfileService } from './profile.service.js';

export async function profileRoutes(
  app: FastifyInstance,
  opts: {
    profile: ProfileService;
    /** Failed current-password checks per student: the check is a login in disguise. */
    passwordChecks: Throttle;
  },
): Promise<void> {
  route(app, profileEndpoints.get, { tags: ['profile'] }, async (req) =>
    opts.profile.getProfile(currentUser(req).id),
  );

  route(app, profileEndpoints.update, { tags: ['profile'] }, async (req, reply) => {
    const user = currentUser(req);
    // A current password in the form may be checked: a point is reserved before the check (so
    // concurrent guesses cannot all slip past) and given back unless the password was wrong.
    const key = `user:${user.id}`;
    const checking = req.body.password !== '';
    if (checking) {
      const decision = await opts.passwordChecks.consume(key);
      if (!decision.allowed) {
        req.log.warn(
          { event: 'auth.password_check_throttled', ...securityFields(req) },
          'current-password check refused: too many failures',
        );
        throw throttled(
          reply,
          decision,
          (wait) => `Too many wrong current passwords. Please try again in ${wait}.`,
        );
      }
    }
    let profile: Profile;
    try {
      profile = await opts.profile.updateProfile(user.id, user.sessionId, req.body);
    } catch (err) {
      if (checking && err instanceof AppError && err.code === 'wrong_password') {
        req.log.warn(
          { event: 'auth.password_check_failed', ...securityFields(req) },
          'wrong current password',
        );
      } else if (checking) {
        await opts.passwordChecks.reward(key);
      }
      throw err;
    }
    if (checking) await opts.passwordChecks.reward(key);
    const passwordChanged = req.body.newPassword !== '';
    req.log.info({ event: 'profile.updated', userId: user.id, passwordChanged }, 'profile updated');
    return profile;
  });
}
