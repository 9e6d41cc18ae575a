import { classEndpoints } from '@studybuddy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { classKeys } from './keys';

/** GET /api/classes: the classes I teach and the classes I joined. */
export function getClasses(signal?: AbortSignal) {
  return apiRequest(classEndpoints.list, { signal });
}

/** The screen says itself when the list cannot load. */
export const classesQueryOptions = () =>
  queryOptions({
    queryKey: classKeys.mine(),
    queryFn: ({ signal }) => getClasses(signal),
    meta: { handlesOwnErrors: true },
  });

export function useClasses() {
  return useQuery(classesQueryOptions());
}
