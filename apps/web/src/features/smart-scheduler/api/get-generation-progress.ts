import { smartSchedulerEndpoints } from '@studybuddy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { smartSchedulerKeys } from './keys';

/** How often the stage is asked for while a plan is generated. */
export const PROGRESS_POLL_MS = 700;

/** GET /api/ai/ProcessStudyMaterials/progress/{jobId} */
export function getGenerationProgress(jobId: string, signal?: AbortSignal) {
  return apiRequest(smartSchedulerEndpoints.progress, { params: { jobId }, signal });
}

/**
 * Polled while the generation request runs. Silent (the wizard has its own overlay) and
 * without the error dialog: a missed poll only delays the next stage shown.
 */
export const generationProgressQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: smartSchedulerKeys.progress(jobId),
    queryFn: ({ signal }) => getGenerationProgress(jobId, signal),
    refetchInterval: PROGRESS_POLL_MS,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { silent: true, handlesOwnErrors: true },
  });

/** The stage of the generation `jobId`, polled while `active`. */
export function useGenerationProgress(jobId: string | null, active: boolean) {
  return useQuery({
    ...generationProgressQueryOptions(jobId ?? 'none'),
    enabled: active && jobId !== null,
  });
}
