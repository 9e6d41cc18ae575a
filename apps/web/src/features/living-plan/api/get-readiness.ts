import { livingPlanEndpoints } from '@studybuddy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { livingPlanKeys } from './keys';

/** GET /api/plans/{planId}/readiness: per subject, hours needed, done and planned. */
export function getReadiness(planId: number, signal?: AbortSignal) {
  return apiRequest(livingPlanEndpoints.readiness, { params: { planId }, signal });
}

/** A readiness that cannot load is left out of the screen (its card says so). */
export const readinessQueryOptions = (planId: number) =>
  queryOptions({
    queryKey: livingPlanKeys.readiness(planId),
    queryFn: ({ signal }) => getReadiness(planId, signal),
    meta: { handlesOwnErrors: true },
  });

export function useReadiness(planId: number, enabled = true) {
  return useQuery({ ...readinessQueryOptions(planId), enabled });
}
