import { progressEndpoints } from '@studybuddy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { progressKeys } from './keys';

/** GET /api/progress: topics completed and hours done vs planned, per plan and subject. */
export function getProgress(signal?: AbortSignal) {
  return apiRequest(progressEndpoints.list, { signal });
}

/** Progress only adds to a screen: a failure hides the chart instead of opening a dialog. */
export const progressQueryOptions = () =>
  queryOptions({
    queryKey: progressKeys.mine(),
    queryFn: ({ signal }) => getProgress(signal),
    meta: { handlesOwnErrors: true, silent: true },
  });

export function useProgress() {
  return useQuery(progressQueryOptions());
}
