import { jobIdSchema, smartSchedulerEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/authenticate.js';
import { readUpload } from '../../platform/multipart.js';
import { route } from '../../platform/route.js';
import { createGenerationProgress } from './generation-progress.js';
import type { SmartSchedulerService } from './smart-scheduler.service.js';
import { parseWizardRequest } from './wizard-request.js';

const opts = { auth: true, tags: ['smart scheduler'] };

export async function smartSchedulerRoutes(
  app: FastifyInstance,
  deps: { scheduler: SmartSchedulerService; rateLimitMax: number },
): Promise<void> {
  const { scheduler } = deps;
  const progress = createGenerationProgress();
  route(
    app,
    smartSchedulerEndpoints.process,
    // Reading files and writing content is the costliest call: its own, tighter limit.
    {
      ...opts,
      status: 201,
      config: { rateLimit: { max: deps.rateLimitMax, timeWindow: '1 minute' } },
    },
    async (req) => {
      const user = currentUser(req);
      const upload = await readUpload(req);
      const jobId = jobIdSchema.safeParse(upload.fields.jobId).data;
      const request = parseWizardRequest(upload);
      const started = Date.now();
      try {
        const proposal = await scheduler.process(user.id, request, (stage) => {
          progress.set(user.id, jobId, stage);
          req.log.info({ event: 'scheduler.stage', stage, userId: user.id }, 'generating plan');
        });
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
