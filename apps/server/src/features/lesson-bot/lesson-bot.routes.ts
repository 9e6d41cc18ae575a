import { aiEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { aiRateLimit } from '../../adapters/ai/rate-limit.js';
import { currentUser } from '../../platform/authenticate.js';
import { route } from '../../platform/route.js';
import type { LessonBotService } from './lesson-bot.service.js';

export async function lessonBotRoutes(
  app: FastifyInstance,
  deps: { lessonBot: LessonBotService; rateLimitMax: number },
): Promise<void> {
  route(
    app,
    aiEndpoints.lessonBot,
    { auth: true, tags: ['ai'], config: { rateLimit: aiRateLimit(deps.rateLimitMax) } },
    async (req) =>
      deps.lessonBot.ask(
        currentUser(req).id,
        req.params.lessonId,
        req.body.question,
        req.body.language ?? 'en',
      ),
  );
}
