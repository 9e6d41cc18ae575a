import { lessonEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/authenticate.js';
import { route } from '../../platform/route.js';
import type { LessonsService } from './lessons.service.js';

const opts = { tags: ['lessons'] };

export async function lessonRoutes(
  app: FastifyInstance,
  deps: { lessons: LessonsService },
): Promise<void> {
  const { lessons } = deps;
  route(app, lessonEndpoints.get, opts, async (req) =>
    lessons.getLesson(currentUser(req).id, req.params.id),
  );
  route(app, lessonEndpoints.listReviews, opts, async (req) =>
    lessons.listReviews(currentUser(req).id, req.params.lessonId),
  );
  route(app, lessonEndpoints.createReview, { ...opts, status: 201 }, async (req) =>
    lessons.createReview(
      currentUser(req).id,
      req.params.lessonId,
      req.body.rating,
      req.body.comment,
    ),
  );
}
