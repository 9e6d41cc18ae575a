import { type PlanContent, smartSchedulerEndpoints } from '@studybuddy/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { smartSchedulerKeys } from './keys';

/** How often the content is asked for when the event stream is not there; never faster. */
export const CONTENT_POLL_MS = 2000;

/** GET /api/plans/{planId}/content: where each topic's deep dive and lesson stand. */
export function getPlanContent(planId: number, signal?: AbortSignal) {
  return apiRequest(smartSchedulerEndpoints.content, { params: { planId }, signal });
}

/** Nothing is being written any more. */
export function isContentDone(content: PlanContent | undefined): boolean {
  return content !== undefined && content.written >= content.total;
}

/**
 * Background reads without the loading overlay or the error dialog: the review shows the last
 * content it has, and the next event or poll brings it up to date.
 */
export const planContentQueryOptions = (planId: number) =>
  queryOptions({
    queryKey: smartSchedulerKeys.content(planId),
    queryFn: ({ signal }) => getPlanContent(planId, signal),
    // Events or polls keep it current; a screen that opens reads it only when it is older.
    staleTime: CONTENT_POLL_MS,
    retry: false,
    meta: { silent: true, handlesOwnErrors: true },
  });
