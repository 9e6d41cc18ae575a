import { smartSchedulerEndpoints } from '@studybuddy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { smartSchedulerKeys } from './keys';

/** GET /api/ai/StudyPlanProposal/{planId}: the proposal, so the review survives a reload. */
export function getProposal(planId: number, signal?: AbortSignal) {
  return apiRequest(smartSchedulerEndpoints.getProposal, { params: { planId }, signal });
}

/** The review screen says itself when the proposal cannot load. */
export const proposalQueryOptions = (planId: number) =>
  queryOptions({
    queryKey: smartSchedulerKeys.proposal(planId),
    queryFn: ({ signal }) => getProposal(planId, signal),
    meta: { handlesOwnErrors: true },
    retry: false,
  });

export function useProposal(planId: number) {
  return useQuery({
    ...proposalQueryOptions(planId),
    enabled: Number.isInteger(planId) && planId > 0,
  });
}
