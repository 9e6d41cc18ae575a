import { type AcceptPlanInput, smartSchedulerEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { smartSchedulerKeys } from './keys';

/** POST /api/ai/AcceptStudyPlan/{planId}: {} as proposed, or the full edited block list. */
export function acceptPlan({ planId, input }: { planId: number; input: AcceptPlanInput }) {
  return apiRequest(smartSchedulerEndpoints.accept, { params: { planId }, body: input });
}

/** Accepts a proposal; the review screen shows the server's rule messages itself. */
export function useAcceptPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: acceptPlan,
    onSuccess: (proposal) => {
      client.setQueryData(smartSchedulerKeys.proposal(proposal.planId), proposal);
    },
    meta: { handlesOwnErrors: true },
  });
}
