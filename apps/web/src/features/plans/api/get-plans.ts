import { planEndpoints } from '@studybuddy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { planCache } from '@/lib/plan-cache';
import { planKeys } from './keys';

/** GET /api/generic/GetStudyProgramOfUser: the signed-in student's plans. */
export function getPlans(signal?: AbortSignal) {
  return apiRequest(planEndpoints.listMine, { signal });
}

/**
 * When the list cannot load it is shown empty, without a message (docs/product.md, Errors).
 * Loading the plans fills the plan cache (docs/product.md, Behaviour).
 */
export const plansQueryOptions = () =>
  queryOptions({
    queryKey: planKeys.mine(),
    queryFn: async ({ signal }) => {
      const plans = await getPlans(signal);
      planCache.putMany(plans);
      return plans;
    },
    meta: { handlesOwnErrors: true },
  });

export function usePlans() {
  return useQuery(plansQueryOptions());
}
