import { type SiteConfig, siteEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.js';

export async function siteRoutes(app: FastifyInstance, deps: { site: SiteConfig }): Promise<void> {
  route(app, siteEndpoints.get, { public: true, tags: ['site'] }, async (_req, reply) => {
    // The same for everyone and rarely changed: cacheable, unlike the rest of the API.
    reply.header('cache-control', 'public, max-age=300');
    return deps.site;
  });
}
