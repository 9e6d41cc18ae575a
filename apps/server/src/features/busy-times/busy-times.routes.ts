import { busyTimeEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/authenticate.js';
import { route } from '../../platform/route.js';
import type { BusyTimesService } from './busy-times.service.js';

const opts = { tags: ['busy time'] };

export async function busyTimeRoutes(
  app: FastifyInstance,
  deps: { busyTimes: BusyTimesService },
): Promise<void> {
  const { busyTimes } = deps;
  route(app, busyTimeEndpoints.list, opts, async (req) =>
    busyTimes.listBusyTimes(currentUser(req).id),
  );
  route(app, busyTimeEndpoints.create, { ...opts, status: 201 }, async (req) =>
    busyTimes.createBusyTime(currentUser(req).id, req.body),
  );
  route(app, busyTimeEndpoints.update, opts, async (req) =>
    busyTimes.updateBusyTime(currentUser(req).id, req.params.id, req.body),
  );
  route(app, busyTimeEndpoints.remove, opts, async (req) => {
    await busyTimes.deleteBusyTime(currentUser(req).id, req.params.id);
    return { message: 'Busy time deleted.' };
  });
}
