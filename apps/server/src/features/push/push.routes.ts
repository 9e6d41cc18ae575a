import { pushEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/authenticate.js';
import { route } from '../../platform/route.js';
import type { PushService } from './push.service.js';

const opts = { tags: ['notifications'] };

/** Push reminders: the server's public key and the student's devices (docs/product.md). */
export async function pushRoutes(app: FastifyInstance, deps: { push: PushService }): Promise<void> {
  const { push } = deps;
  route(app, pushEndpoints.publicKey, opts, async () => push.publicKey());
  route(app, pushEndpoints.list, opts, async (req) => push.list(currentUser(req).id));
  route(app, pushEndpoints.subscribe, { ...opts, status: 201 }, async (req) =>
    push.subscribe(currentUser(req).id, req.body, req.headers['user-agent']),
  );
  route(app, pushEndpoints.remove, { ...opts, status: 204 }, async (req) => {
    await push.remove(currentUser(req).id, req.params.id);
    return undefined;
  });
}
