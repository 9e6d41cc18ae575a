import { studySessionEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/authenticate.js';
import { route } from '../../platform/route.js';
import type { StudySessionsService } from './study-sessions.service.js';

const opts = { tags: ['study sessions'] };

export async function studySessionRoutes(
  app: FastifyInstance,
  deps: { sessions: StudySessionsService },
): Promise<void> {
  const { sessions } = deps;
  route(app, studySessionEndpoints.list, opts, async (req) =>
    sessions.listSessions(currentUser(req).id),
  );
  route(app, studySessionEndpoints.create, { ...opts, status: 201 }, async (req) =>
    sessions.createSession(currentUser(req).id, req.body),
  );
  route(app, studySessionEndpoints.update, opts, async (req) =>
    sessions.updateSession(currentUser(req).id, req.params.id, req.body),
  );
  route(app, studySessionEndpoints.move, opts, async (req) =>
    sessions.moveSession(currentUser(req).id, req.params.id, req.body),
  );
  route(app, studySessionEndpoints.remove, opts, async (req) => {
    await sessions.deleteSession(currentUser(req).id, req.params.id);
    return { message: 'Study session deleted.' };
  });
}
