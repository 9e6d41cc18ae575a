import { aiEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { aiRateLimit } from '../../adapters/ai/rate-limit.js';
import { currentUser } from '../../platform/authenticate.js';
import { route } from '../../platform/route.js';
import type { AssistantService } from './assistant.service.js';

export async function assistantRoutes(
  app: FastifyInstance,
  deps: { assistant: AssistantService; rateLimitMax: number },
): Promise<void> {
  const { assistant } = deps;
  const opts = { auth: true, tags: ['ai'] };
  route(
    app,
    aiEndpoints.chat,
    { ...opts, config: { rateLimit: aiRateLimit(deps.rateLimitMax) } },
    async (req) => assistant.ask(currentUser(req).id, req.body.prompt, req.body.language ?? 'en'),
  );
  route(app, aiEndpoints.history, opts, async (req) => assistant.history(currentUser(req).id));
  route(app, aiEndpoints.clearHistory, opts, async (req) => {
    await assistant.clear(currentUser(req).id);
    return { message: 'Conversation cleared.' };
  });
}
