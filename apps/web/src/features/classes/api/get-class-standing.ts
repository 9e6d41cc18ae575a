import { classEndpoints } from '@studybuddy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { classKeys } from './keys';

/** GET /api/classes/:id/standing: how the class stands, for its teacher alone. */
export function getClassStanding(id: number, signal?: AbortSignal) {
  return apiRequest(classEndpoints.standing, { params: { id }, signal });
}

export const classStandingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: classKeys.standing(id),
    queryFn: ({ signal }) => getClassStanding(id, signal),
    meta: { handlesOwnErrors: true },
  });

export function useClassStanding(id: number) {
  return useQuery(classStandingQueryOptions(id));
}
