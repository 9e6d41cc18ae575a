import { type PlanSummary, planEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { planCache } from '@/lib/plan-cache';
import { planKeys } from './keys';

/** DELETE /api/generic/DeleteStudyProgram/{id} (its subjects, topics and sessions go too). */
export function deletePlan(id: number) {
  return apiRequest(planEndpoints.remove, { params: { id } });
}

/** Deletes a plan and takes it out of the list (docs/product.md); the caller tells the result. */
export function useDeletePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deletePlan,
    onSuccess: async (_result, id) => {
      planCache.remove(id);
      client.removeQueries({ queryKey: planKeys.detail(id) });
      client.setQueryData(planKeys.mine(), (plans: PlanSummary[] | undefined) =>
        plans?.filter((p) => p.id !== id),
      );
      await client.invalidateQueries({ queryKey: planKeys.mine() });
    },
    meta: { handlesOwnErrors: true },
  });
}
