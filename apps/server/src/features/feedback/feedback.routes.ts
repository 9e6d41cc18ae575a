import { feedbackEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/authenticate.js';
import { route } from '../../platform/route.js';
import type { FeedbackRepository } from './feedback.repository.js';

export async function feedbackRoutes(
  app: FastifyInstance,
  deps: { feedback: FeedbackRepository; rateLimitMax: number },
): Promise<void> {
  route(
    app,
    feedbackEndpoints.create,
    {
      status: 201,
      tags: ['feedback'],
      config: { rateLimit: { max: deps.rateLimitMax, timeWindow: '1 minute' } },
    },
    async (req) =>
      deps.feedback.insertFeedback(currentUser(req).id, req.body, new Date().toISOString()),
  );
}
