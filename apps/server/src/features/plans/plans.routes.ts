import { planEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { createAnswerCache } from '../../platform/answer-cache.js';
import { currentUser } from '../../platform/authenticate.js';
import { route } from '../../platform/route.js';
import type { PlansService } from './plans.service.js';

const opts = { tags: ['plans'] };

/**
 * The plan lists kept serialized: the dashboard, the calendar and the plan screens all ask for
 * it, and a full plan's list (its topics carry their deep dives) is tens of KB that take
 * several queries and a serialization to make. 16 MB keeps a few hundred students' lists.
 */
const LIST_CACHE_BYTES = 16 * 1024 * 1024;

export async function planRoutes(
  app: FastifyInstance,
  deps: { plans: PlansService },
): Promise<void> {
  const { plans } = deps;
  const listCache = createAnswerCache(LIST_CACHE_BYTES);
  route(app, planEndpoints.listMine, opts, async (req, reply) => {
    const userId = currentUser(req).id;
    return listCache.answer(
      reply,
      String(userId),
      () => plans.listVersion(userId),
      () => plans.listPlans(userId),
    );
  });
  route(app, planEndpoints.get, opts, async (req) =>
    plans.getPlan(currentUser(req).id, req.params.id),
  );
  route(app, planEndpoints.create, { ...opts, status: 201 }, async (req) =>
    plans.createPlan(currentUser(req).id, req.body),
  );
  route(app, planEndpoints.update, opts, async (req) =>
    plans.updatePlan(currentUser(req).id, req.params.id, req.body),
  );
  route(app, planEndpoints.remove, opts, async (req) => {
    await plans.deletePlan(currentUser(req).id, req.params.id);
    return { message: 'Study plan deleted successfully.' };
  });
}
