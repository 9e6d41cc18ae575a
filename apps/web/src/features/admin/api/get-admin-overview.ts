import { adminEndpoints } from '@studybuddy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/overview (404 to anyone who is not an admin). */
export function getAdminOverview(signal?: AbortSignal) {
  return apiRequest(adminEndpoints.overview, { signal });
}

/**
 * The screen handles its own errors: a 404 means "not an admin" and must look like any unknown
 * address, so the error dialog must not give the screen away.
 */
export const adminOverviewQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.overview(),
    queryFn: ({ signal }) => getAdminOverview(signal),
    meta: { handlesOwnErrors: true },
  });

/** The overview, asked for only once the profile says the student may be an admin. */
export function useAdminOverview({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...adminOverviewQueryOptions(), enabled });
}
