import { type PlanDetail, planEndpoints } from '@studybuddy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { planCache } from '@/lib/plan-cache';
import { planKeys } from './keys';

/** GET /api/generic/GetStudyProgramById/{id} */
export function getPlan(id: number, signal?: AbortSignal) {
  return apiRequest(planEndpoints.get, { params: { id }, signal });
}

/**
 * One plan (docs/product.md, Behaviour): a cached plan that has its subject details is shown at
 * once (as initial data, dated by its cache timestamp so TanStack refetches it once stale);
 * otherwise the plan is fetched. Every fetch refreshes the cache entry. The screens show their
 * own error ('Failed to load subjects/topics.').
 */
export const planQueryOptions = (id: number) =>
  queryOptions({
    queryKey: planKeys.detail(id),
    queryFn: async ({ signal }) => {
      const plan = await getPlan(id, signal);
      planCache.put(plan);
      return plan;
    },
    initialData: (): PlanDetail | undefined => {
      const entry = planCache.get(id);
      if (!entry?.data.subjectDetails) return undefined;
      return {
        ...entry.data,
        conceptMapOutline: entry.data.conceptMapOutline ?? null,
        overallSummary: entry.data.overallSummary ?? null,
      };
    },
    initialDataUpdatedAt: () => planCache.get(id)?.timestamp,
    meta: { handlesOwnErrors: true },
    retry: false,
  });

export function usePlan(id: number) {
  return useQuery({ ...planQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
