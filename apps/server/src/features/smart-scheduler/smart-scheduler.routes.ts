import { jobIdSchema, smartSchedulerEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/authenticate.js';
import { clientGone } from '../../platform/client-gone.js';
import { readUpload } from '../../platform/multipart.js';
import { route } from '../../platform/route.js';
import { logRefusedFile } from '../../platform/throttle.js';
import { createGenerationProgress } from './generation-progress.js';
import type { SmartSchedulerService } from './smart-scheduler.service.js';
import { parseWizardRequest } from './wizard-request.js';

const opts = { tags: ['smart scheduler'] };

export async function smartSchedulerRoutes(
  app: FastifyInstance,
  deps: { scheduler: SmartSchedulerService },
): Promise<void> {
  const { scheduler } = deps;
  const progress = createGenerationProgress();
  route(
    app,
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
              req.log.info({ event: 'scheduler.stage', stage, userId: user.id }, 'generating plan');
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
  route(app, smartSchedulerEndpoints.progress, opts, async (req) => ({
    stage: progress.get(currentUser(req).id, req.params.jobId),
  }));
  route(app, smartSchedulerEndpoints.getProposal, opts, async (req) =>
    scheduler.getProposal(currentUser(req).id, req.params.planId),
  );
  route(app, smartSchedulerEndpoints.accept, opts, async (req) =>
    scheduler.accept(currentUser(req).id, req.params.planId, req.body),
  );
}
