import { subjectEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/authenticate.js';
import { route } from '../../platform/route.js';
import type { SubjectsService } from './subjects.service.js';

const opts = { tags: ['subjects'] };

export async function subjectRoutes(
  app: FastifyInstance,
  deps: { subjects: SubjectsService },
): Promise<void> {
  const { subjects } = deps;
  route(app, subjectEndpoints.list, opts, async (req) =>
    subjects.listSubjects(currentUser(req).id, req.query.planId),
  );
  route(app, subjectEndpoints.get, opts, async (req) =>
    subjects.getSubject(currentUser(req).id, req.params.id),
  );
  route(app, subjectEndpoints.create, { ...opts, status: 201 }, async (req) =>
    subjects.createSubject(currentUser(req).id, req.body.studyPlanId, req.body),
  );
  route(app, subjectEndpoints.update, opts, async (req) =>
    subjects.updateSubject(currentUser(req).id, req.params.id, req.body),
  );
  route(app, subjectEndpoints.remove, opts, async (req) => {
    await subjects.deleteSubject(currentUser(req).id, req.params.id);
    return { message: 'Subject deleted.' };
  });
}
