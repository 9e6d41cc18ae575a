import { topicEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/authenticate.js';
import { clientGone } from '../../platform/client-gone.js';
import { readUpload, withUploads } from '../../platform/multipart.js';
import { route } from '../../platform/route.js';
import { logRefusedFile } from '../../platform/throttle.js';
import type { TopicsService } from './topics.service.js';

const opts = { tags: ['topics'] };
/** Both write content with the AI: each takes one point of the student's AI budget. */
const ai = { aiCost: 1 };

export async function topicRoutes(
  app: FastifyInstance,
  deps: { topics: TopicsService },
): Promise<void> {
  const { topics } = deps;
  route(app, topicEndpoints.listBySubject, opts, async (req) =>
    topics.listBySubject(currentUser(req).id, req.params.subjectId),
  );
  route(app, topicEndpoints.get, opts, async (req) =>
    topics.getTopic(currentUser(req).id, req.params.id),
  );
  route(app, topicEndpoints.create, { ...opts, status: 201, config: ai }, async (req) =>
    topics.createTopic(currentUser(req).id, req.body),
  );
  route(app, topicEndpoints.update, opts, async (req) =>
    topics.updateTopic(currentUser(req).id, req.params.id, req.body),
  );
  route(app, topicEndpoints.remove, opts, async (req) => {
    await topics.deleteTopic(currentUser(req).id, req.params.id);
    return { message: 'Topic deleted.' };
  });
  await withUploads(app, (uploads) => {
    route(uploads, topicEndpoints.generateDeepDive, { ...opts, config: ai }, async (req, reply) => {
      const user = currentUser(req);
      // The body is read in full before any answer, so a refused request never leaves the
      // multipart stream hanging; the service then checks ownership (404 for a stranger's topic).
      const upload = await readUpload(req);
      const prompt = (upload.fields.prompt ?? '').trim().slice(0, 5000);
      return topics.generateDeepDive(
        user.id,
        req.params.id,
        { prompt, files: upload.files, language: req.query.language },
        clientGone(reply),
        logRefusedFile(req),
      );
    });
  });
}
