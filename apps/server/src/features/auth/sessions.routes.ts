import { sessionEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/authenticate.js';
import { route } from '../../platform/route.js';
import type { AuthService } from './auth.service.js';

/** The student's own logins: list them, end all but this one. */
export async function sessionRoutes(
  app: FastifyInstance,
  opts: { auth: AuthService },
): Promise<void> {
  route(app, sessionEndpoints.list, { tags: ['auth'] }, async (req) => {
    const user = currentUser(req);
    return opts.auth.listSessions(user.id, user.sessionId);
  });

  route(app, sessionEndpoints.revokeOthers, { tags: ['auth'] }, async (req) => {
    const user = currentUser(req);
    const revoked = await opts.auth.revokeOtherSessions(user.id, user.sessionId);
    req.log.info({ event: 'auth.revoke_others', userId: user.id, revoked }, 'other sessions ended');
    return { revoked };
  });
}
