import { aiEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/authenticate.js';
import { route, streamReply, wantsStream } from '../../platform/route.js';
import type { AssistantService } from './assistant.service.js';

export async function assistantRoutes(
  app: FastifyInstance,
  deps: { assistant: AssistantService },
): Promise<void> {
  const { assistant } = deps;
  const opts = { tags: ['ai'] };
  // JSON, or Server-Sent Events for `Accept: text/event-stream` (apps/server/README.md).
  route(
    app,
    aiEndpoints.chat,
    { ...opts, sse: 'dual', config: { aiCost: 1 } },
    async (req, reply) => {
      const userId = currentUser(req).id;
      const { prompt } = req.body;
      const language = req.body.language ?? 'en';
      if (!wantsStream(reply)) return assistant.ask(userId, prompt, language);
      return streamReply(reply, aiEndpoints.chat, (onDelta, signal) =>
        assistant.ask(userId, prompt, language, { onDelta, signal }),
      );
    },
  );
  route(app, aiEndpoints.history, opts, async (req) => assistant.history(currentUser(req).id));
  route(app, aiEndpoints.clearHistory, opts, async (req) => {
    await assistant.clear(currentUser(req).id);
    return { message: 'Conversation cleared.' };
  });
}
