import { livingPlanEndpoints, type ReplanInput } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { livingPlanKeys } from './keys';

/** POST /api/plans/{planId}/replan, optionally with the id of an offered trade-off. */
export function replan({ planId, input }: { planId: number; input: ReplanInput }) {
  return apiRequest(livingPlanEndpoints.replan, { params: { planId }, body: input });
}

/** Re-plans a plan; its readiness is the answer's, the sessions refetch through `onDone`. */
export function useReplan(onDone?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: replan,
    onSuccess: async (result, { planId }) => {
      client.setQueryData(livingPlanKeys.readiness(planId), result.readiness);
      onDone?.();
      await client.invalidateQueries({ queryKey: livingPlanKeys.all });
    },
    meta: { handlesOwnErrors: true },
  });
}
