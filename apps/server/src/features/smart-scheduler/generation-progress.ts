import type { GenerationProgress } from '@studybuddy/contracts';

type Stage = GenerationProgress['stage'];
const KEEP_MS = 10 * 60_000;

/**
 * Stages of running generations, per student and client-made job id, so the wizard's overlay
 * can show real progress. In memory: with several instances behind a balancer, polls may land
 * elsewhere and read 'unknown', which the client shows as "working".
 */
export function createGenerationProgress(now: () => number = Date.now) {
  const jobs = new Map<string, { stage: Stage; at: number }>();
  const key = (userId: number, jobId: string) => `${userId}:${jobId}`;
  const sweep = () => {
    for (const [k, v] of jobs) if (now() - v.at > KEEP_MS) jobs.delete(k);
  };
  return {
    set(userId: number, jobId: string | undefined, stage: Stage): void {
      if (!jobId) return;
      sweep();
      jobs.set(key(userId, jobId), { stage, at: now() });
    },
    get(userId: number, jobId: string): Stage {
      return jobs.get(key(userId, jobId))?.stage ?? 'unknown';
    },
  };
}
export type GenerationProgressRegistry = ReturnType<typeof createGenerationProgress>;
