import { aiEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/authenticate.js';
import { route } from '../../platform/route.js';
import type { AssistantService } from './assistant.service.js';

export async function assistantRoutes(
  app: FastifyInstance,
  deps: { assistant: AssistantService },
): Promise<void> {
  const { assistant } = deps;
  const opts = { tags: ['ai'] };
  route(app, aiEndpoints.chat, { ...opts, config: { aiCost: 1 } }, async (req) =>
    assistant.ask(currentUser(req).id, req.body.prompt, req.body.language ?? 'en'),
  );
  route(app, aiEndpoints.history, opts, async (req) => assistant.history(currentUser(req).id));
  route(app, aiEndpoints.clearHistory, opts, async (req) => {
    await assistant.clear(currentUser(req).id);
    return { message: 'Conversation cleared.' };
  });
}
