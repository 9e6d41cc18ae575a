import { progressEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/authenticate.js';
import { route } from '../../platform/route.js';
import type { ProgressService } from './progress.service.js';

export async function progressRoutes(
  app: FastifyInstance,
  deps: { progress: ProgressService },
): Promise<void> {
  route(app, progressEndpoints.list, { tags: ['progress'] }, async (req) =>
    deps.progress.listProgress(currentUser(req).id),
  );
}
