import { classEndpoints } from '@studybuddy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { classKeys } from './keys';

/** GET /api/classes/:id: a class I teach or joined (404 otherwise). */
export function getClass(id: number, signal?: AbortSignal) {
  return apiRequest(classEndpoints.get, { params: { id }, signal });
}

/** The screen says itself when the class is not found (another student's id is a 404). */
export const classQueryOptions = (id: number) =>
  queryOptions({
    queryKey: classKeys.detail(id),
    queryFn: ({ signal }) => getClass(id, signal),
    enabled: Number.isFinite(id),
    meta: { handlesOwnErrors: true },
  });

export function useClass(id: number) {
  return useQuery(classQueryOptions(id));
}
