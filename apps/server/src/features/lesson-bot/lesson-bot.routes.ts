import { aiEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/authenticate.js';
import { route, streamReply, wantsStream } from '../../platform/route.js';
import type { LessonBotService } from './lesson-bot.service.js';

export async function lessonBotRoutes(
  app: FastifyInstance,
  deps: { lessonBot: LessonBotService },
): Promise<void> {
  // JSON, or Server-Sent Events for `Accept: text/event-stream` (apps/server/README.md).
  const opts = { tags: ['ai'], sse: 'dual' as const, config: { aiCost: 1 } };
  route(app, aiEndpoints.lessonBot, opts, async (req, reply) => {
    const userId = currentUser(req).id;
    const input = {
      question: req.body.question,
      overview: req.body.kind === 'overview',
      language: req.body.language ?? 'en',
    };
    if (!wantsStream(reply)) return deps.lessonBot.ask(userId, req.params.lessonId, input);
    return streamReply(reply, aiEndpoints.lessonBot, (onDelta, signal) =>
      deps.lessonBot.ask(userId, req.params.lessonId, input, { onDelta, signal }),
    );
  });
}
