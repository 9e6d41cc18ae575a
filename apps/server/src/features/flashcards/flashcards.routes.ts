import { flashcardEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/authenticate.js';
import type { Idempotency } from '../../platform/idempotency.js';
import { route } from '../../platform/route.js';
import type { FlashcardsService } from './flashcards.service.js';

export async function flashcardRoutes(
  app: FastifyInstance,
  deps: { flashcards: FlashcardsService; idempotency: Idempotency },
): Promise<void> {
  const { flashcards, idempotency } = deps;
  const opts = { tags: ['flashcards'] };
  route(app, flashcardEndpoints.generate, { ...opts, config: { aiCost: 1 } }, async (req) =>
    flashcards.generate(currentUser(req).id, req.params.lessonId, req.query.language ?? 'en'),
  );
  route(app, flashcardEndpoints.list, opts, async (req) =>
    flashcards.list(currentUser(req).id, req.params.lessonId),
  );
  route(app, flashcardEndpoints.due, opts, async (req) =>
    flashcards.due(currentUser(req).id, req.params.lessonId),
  );
  // A phone's offline queue sends each review with an Idempotency-Key: it counts once.
  route(app, flashcardEndpoints.review, opts, async (req, reply) => {
    const userId = currentUser(req).id;
    return idempotency.run(req, reply, userId, () =>
      flashcards.review(userId, req.params.id, req.body.rating, req.body.reviewedAt),
    );
  });
}
