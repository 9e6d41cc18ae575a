import { studySessionEndpoints } from '@studybuddy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionKeys } from './keys';

/** GET /api/generic/GetStudySessionDto: the student's sessions, earliest first. */
export function getSessions(signal?: AbortSignal) {
  return apiRequest(studySessionEndpoints.list, { signal });
}

/** A failed session list is shown empty, without a message (docs/product.md, Errors). */
export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.mine(),
    queryFn: ({ signal }) => getSessions(signal),
    meta: { handlesOwnErrors: true },
  });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
