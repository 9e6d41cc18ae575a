import { livingPlanEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/authenticate.js';
import type { Idempotency } from '../../platform/idempotency.js';
import { route } from '../../platform/route.js';
import type { LivingPlanService } from './living-plan.service.js';

const opts = { tags: ['living plan'] };

export async function livingPlanRoutes(
  app: FastifyInstance,
  deps: { livingPlan: LivingPlanService; idempotency: Idempotency },
): Promise<void> {
  const { livingPlan, idempotency } = deps;
  // A phone's offline queue sends each check-in with an Idempotency-Key: it counts once.
  route(app, livingPlanEndpoints.checkIn, opts, async (req, reply) => {
    const userId = currentUser(req).id;
    return idempotency.run(req, reply, userId, () =>
      livingPlan.checkIn(userId, req.params.id, req.body),
    );
  });
  route(app, livingPlanEndpoints.replan, opts, async (req) =>
    livingPlan.replan(currentUser(req).id, req.params.planId, req.body),
  );
  route(app, livingPlanEndpoints.clashes, opts, async (req) =>
    livingPlan.clashes(currentUser(req).id),
  );
  route(app, livingPlanEndpoints.readiness, opts, async (req) =>
    livingPlan.readiness(currentUser(req).id, req.params.planId),
  );
}
