import { sessionEndpoints } from '@studybuddy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { profileKeys } from './keys';

/** GET /user/sessions */
export function getSessions(signal?: AbortSignal) {
  return apiRequest(sessionEndpoints.list, { signal });
}

/** The list shows its own message when it cannot load; the rest of the profile still works. */
export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.sessions(),
    queryFn: ({ signal }) => getSessions(signal),
    meta: { handlesOwnErrors: true },
  });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
