import { profileEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/authenticate.js';
import { route } from '../../platform/route.js';
import type { ProfileService } from './profile.service.js';

export async function profileRoutes(
  app: FastifyInstance,
  opts: { profile: ProfileService },
): Promise<void> {
  route(app, profileEndpoints.get, { auth: true, tags: ['profile'] }, async (req) =>
    opts.profile.getProfile(currentUser(req).id),
  );

  route(app, profileEndpoints.update, { auth: true, tags: ['profile'] }, async (req) => {
    const user = currentUser(req);
    const profile = await opts.profile.updateProfile(user.id, user.sessionId, req.body);
    const passwordChanged = req.body.newPassword !== '';
    req.log.info({ event: 'profile.updated', userId: user.id, passwordChanged }, 'profile updated');
    return profile;
  });
}
