import { siteEndpoints } from '@studybuddy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Query keys of the site feature. */
export const siteKeys = {
  all: ['site'] as const,
  config: () => [...siteKeys.all, 'config'] as const,
};

/** GET /api/site: this instance's support e-mail and public links (no login needed). */
export function getSite(signal?: AbortSignal) {
  return apiRequest(siteEndpoints.get, { auth: false, signal });
}

/**
 * The links change only when the admin reconfigures the server, so they are kept for the whole
 * visit. Silent: the footer loads on every screen and must not flash the loading overlay; a
 * failure only leaves the links out, it does not open the error dialog.
 */
export const siteQueryOptions = () =>
  queryOptions({
    queryKey: siteKeys.config(),
    queryFn: ({ signal }) => getSite(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    meta: { handlesOwnErrors: true, silent: true },
  });

export function useSite() {
  return useQuery(siteQueryOptions());
}
