import { aiEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/authenticate.js';
import { route } from '../../platform/route.js';
import type { LessonBotService } from './lesson-bot.service.js';

export async function lessonBotRoutes(
  app: FastifyInstance,
  deps: { lessonBot: LessonBotService },
): Promise<void> {
  route(app, aiEndpoints.lessonBot, { tags: ['ai'], config: { aiCost: 1 } }, async (req) =>
    deps.lessonBot.ask(currentUser(req).id, req.params.lessonId, {
      question: req.body.question,
      overview: req.body.kind === 'overview',
      language: req.body.language ?? 'en',
    }),
  );
}
