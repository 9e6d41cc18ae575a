import { type Profile, profileEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/authenticate.js';
import { route } from '../../platform/route.js';
import { type Throttle, withPasswordCheck } from '../../platform/throttle.js';
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
    // A current password in the form is checked under its throttle.
    const update = () => opts.profile.updateProfile(user.id, user.sessionId, req.body);
    const profile: Profile =
      req.body.password !== ''
        ? await withPasswordCheck(req, reply, opts.passwordChecks, `user:${user.id}`, update)
        : await update();
    const passwordChanged = req.body.newPassword !== '';
    req.log.info({ event: 'profile.updated', userId: user.id, passwordChanged }, 'profile updated');
    return profile;
  });
}
