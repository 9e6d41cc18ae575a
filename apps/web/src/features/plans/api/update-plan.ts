import { type PlanInput, planEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { planCache } from '@/lib/plan-cache';
import { planKeys } from './keys';

/** PUT /api/generic/UpdateStudyProgram/{id} */
export function updatePlan({ id, input }: { id: number; input: PlanInput }) {
  return apiRequest(planEndpoints.update, { params: { id }, body: input });
}

/** Saves a plan; the form maps errors to its fields itself. */
export function useUpdatePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updatePlan,
    onSuccess: async (plan) => {
      planCache.put(plan);
      client.setQueryData(planKeys.detail(plan.id), plan);
      await client.invalidateQueries({ queryKey: planKeys.mine() });
    },
    meta: { handlesOwnErrors: true },
  });
}
