import { quizEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/authenticate.js';
import { route } from '../../platform/route.js';
import type { QuizzesService } from './quizzes.service.js';

export async function quizRoutes(
  app: FastifyInstance,
  deps: { quizzes: QuizzesService },
): Promise<void> {
  const { quizzes } = deps;
  const opts = { tags: ['quizzes'] };
  route(app, quizEndpoints.create, { ...opts, config: { aiCost: 1 } }, async (req) =>
    quizzes.create(currentUser(req).id, req.params.lessonId, req.query.language ?? 'en'),
  );
  route(app, quizEndpoints.submit, opts, async (req) =>
    quizzes.submit(currentUser(req).id, req.params.id, req.body.answers),
  );
  route(app, quizEndpoints.results, opts, async (req) =>
    quizzes.results(currentUser(req).id, req.params.lessonId),
  );
}
