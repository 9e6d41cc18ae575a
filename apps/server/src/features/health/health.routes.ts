import { healthEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.js';

export async function healthRoutes(
  app: FastifyInstance,
  opts: { isDatabaseUp: () => Promise<boolean> },
): Promise<void> {
  route(app, healthEndpoints.get, { public: true, tags: ['health'] }, async (_req, reply) => {
    const up = await opts.isDatabaseUp();
    // 503 tells a load balancer to look elsewhere while the database is unreachable.
    if (!up) reply.status(503);
    return up
      ? { status: 'ok' as const, database: 'up' as const }
      : { status: 'degraded' as const, database: 'down' as const };
  });
}
