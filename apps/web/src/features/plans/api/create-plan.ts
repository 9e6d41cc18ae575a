import { type PlanInput, planEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { planCache } from '@/lib/plan-cache';
import { planKeys } from './keys';

/** POST /api/generic/CreateStudyProgram */
export function createPlan(input: PlanInput) {
  return apiRequest(planEndpoints.create, { body: input });
}

/** Creates a plan; the form maps errors to its fields itself. */
export function useCreatePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createPlan,
    onSuccess: async (plan) => {
      planCache.put(plan);
      client.setQueryData(planKeys.detail(plan.id), plan);
      await client.invalidateQueries({ queryKey: planKeys.mine() });
    },
    meta: { handlesOwnErrors: true },
  });
}
