import { planEndpoints } from '@studybuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** DELETE /api/generic/DeleteStudyProgram/{planId}: discards a draft proposal. */
export function discardPlan(planId: number) {
  return apiRequest(planEndpoints.remove, { params: { id: planId } });
}

/**
 * Discards a draft. The proposal query is left alone: the review screen stays on screen until
 * 'Plan discarded.' is acknowledged, and the page then refreshes the plan data.
 */
export function useDiscardPlan() {
  return useMutation({ mutationFn: discardPlan, meta: { handlesOwnErrors: true } });
}
