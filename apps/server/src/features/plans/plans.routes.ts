import { planEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/authenticate.js';
import { route } from '../../platform/route.js';
import type { PlansService } from './plans.service.js';

const opts = { tags: ['plans'] };

export async function planRoutes(
  app: FastifyInstance,
  deps: { plans: PlansService },
): Promise<void> {
  const { plans } = deps;
  route(app, planEndpoints.listMine, opts, async (req) => plans.listPlans(currentUser(req).id));
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
