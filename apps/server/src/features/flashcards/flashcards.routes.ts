import { flashcardEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/authenticate.js';
import { route } from '../../platform/route.js';
import type { FlashcardsService } from './flashcards.service.js';

export async function flashcardRoutes(
  app: FastifyInstance,
  deps: { flashcards: FlashcardsService },
): Promise<void> {
  const { flashcards } = deps;
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
  route(app, flashcardEndpoints.review, opts, async (req) =>
    flashcards.review(currentUser(req).id, req.params.id, req.body.rating),
  );
}
