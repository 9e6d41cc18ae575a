import { subjectEndpoints } from '@studybuddy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { subjectKeys } from './keys';

/** GET /subjects/{id}: one subject with its plan id and topics. */
export function getSubject(id: number, signal?: AbortSignal) {
  return apiRequest(subjectEndpoints.get, { params: { id }, signal });
}

/** Used for the way back from a topic opened by id; a failure only hides that link. */
export const subjectQueryOptions = (id: number) =>
  queryOptions({
    queryKey: subjectKeys.detail(id),
    queryFn: ({ signal }) => getSubject(id, signal),
    meta: { handlesOwnErrors: true, silent: true },
  });

export function useSubject(id: number | undefined) {
  return useQuery({ ...subjectQueryOptions(id ?? 0), enabled: id !== undefined && id > 0 });
}
