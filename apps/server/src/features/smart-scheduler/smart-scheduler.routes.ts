import {
  jobIdSchema,
  type PlanContent,
  smartSchedulerEndpoints,
  type Topic,
  topicEndpoints,
} from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/authenticate.js';
import { clientGone } from '../../platform/client-gone.js';
import { readUpload, withUploads } from '../../platform/multipart.js';
import { route } from '../../platform/route.js';
import { logRefusedFile } from '../../platform/throttle.js';
import type { ContentEvents } from './content-events.js';
import { createGenerationProgress } from './generation-progress.js';
import type { SmartSchedulerService } from './smart-scheduler.service.js';
import { parseWizardRequest } from './wizard-request.js';

const opts = { tags: ['smart scheduler'] };

/** How often an open progress stream reads the plan again (topics written by other instances). */
const RECHECK_MS = 2_000;

export async function smartSchedulerRoutes(
  app: FastifyInstance,
  deps: {
    scheduler: SmartSchedulerService;
    contentEvents: ContentEvents;
    /** The topic as the topics feature answers it. */
    getTopic(userId: number, topicId: number): Promise<Topic>;
  },
): Promise<void> {
  const { scheduler, contentEvents } = deps;
  const progress = createGenerationProgress();
  // Open content streams end when the server closes, rather than hold its shutdown: the page
  // reads the content again when its stream ends.
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });
  await withUploads(app, (uploads) => {
    route(
      uploads,
      smartSchedulerEndpoints.process,
      // One point of the student's AI budget per request, like every other AI call.
      { ...opts, status: 201, config: { aiCost: 1 } },
      async (req, reply) => {
        const user = currentUser(req);
        const upload = await readUpload(req);
        const jobId = jobIdSchema.safeParse(upload.fields.jobId).data;
        const request = parseWizardRequest(upload);
        const started = Date.now();
        try {
          const proposal = await scheduler.process(
            user.id,
            request,
            {
              stage: (stage) => {
                progress.set(user.id, jobId, stage);
                req.log.info(
                  { event: 'scheduler.stage', stage, userId: user.id },
                  'generating plan',
                );
              },
              fileRefused: logRefusedFile(req),
            },
            clientGone(reply),
          );
          req.log.info(
            { event: 'scheduler.done', userId: user.id, ms: Date.now() - started },
            'plan generated',
          );
          return proposal;
        } finally {
          progress.set(user.id, jobId, 'done');
        }
      },
    );
  });
  route(app, smartSchedulerEndpoints.progress, opts, async (req) => ({
    stage: progress.get(currentUser(req).id, req.params.jobId),
  }));
  route(app, smartSchedulerEndpoints.content, opts, async (req) =>
    scheduler.content(currentUser(req).id, req.params.planId),
  );
  route(
    app,
    smartSchedulerEndpoints.contentEvents,
    { ...opts, sse: 'only' },
    async (req, reply) => {
      const userId = currentUser(req).id;
      const planId = req.params.planId;
      // A 404 for another student's plan, before the stream starts.
      let last = await scheduler.content(userId, planId);
      const sse = reply.sse;
      if (!sse) return last;
      reply.header('cache-control', 'no-store');
      await sse.send({ event: 'content', data: last });
      if (last.written === last.total) return undefined;
      sse.keepAlive();
      let reading = false;
      const send = async () => {
        if (reading || !sse.isConnected) return;
        reading = true;
        try {
          const next: PlanContent = await scheduler.content(userId, planId);
          if (JSON.stringify(next) !== JSON.stringify(last)) {
            last = next;
            await sse.send({ event: 'content', data: next });
          }
          if (next.written === next.total) sse.close();
        } catch {
          sse.close(); // the plan was deleted meanwhile
        } finally {
          reading = false;
        }
      };
      const unsubscribe = contentEvents.subscribe(userId, planId, () => void send());
      const timer = setInterval(() => void send(), RECHECK_MS);
      const end = () => sse.close();
      streams.add(end);
      sse.onClose(() => {
        streams.delete(end);
        unsubscribe();
        clearInterval(timer);
      });
      return undefined;
    },
  );
  // The student asks for the model again: a point of their AI budget, as the wizard's request
  // took one. The content it queues is the instance's work, paced by the instance (app.ts).
  route(app, topicEndpoints.retryContent, { ...opts, config: { aiCost: 1 } }, async (req) => {
    const userId = currentUser(req).id;
    await scheduler.retryContent(userId, req.params.id);
    return deps.getTopic(userId, req.params.id);
  });
  route(app, smartSchedulerEndpoints.getProposal, opts, async (req) =>
    scheduler.getProposal(currentUser(req).id, req.params.planId),
  );
  route(app, smartSchedulerEndpoints.accept, opts, async (req) =>
    scheduler.accept(currentUser(req).id, req.params.planId, req.body),
  );
}
