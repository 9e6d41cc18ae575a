import { topicEndpoints } from '@studybuddy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { topicKeys } from './keys';

/** GET /api/generic/GetTopicsBySubjectId/{subjectId} */
export function getTopicsBySubject(subjectId: number, signal?: AbortSignal) {
  return apiRequest(topicEndpoints.listBySubject, { params: { subjectId }, signal });
}

/** The subject screen shows its own error text. */
export const topicsBySubjectQueryOptions = (subjectId: number) =>
  queryOptions({
    queryKey: topicKeys.bySubject(subjectId),
    queryFn: ({ signal }) => getTopicsBySubject(subjectId, signal),
    meta: { handlesOwnErrors: true },
  });

export function useTopicsBySubject(subjectId: number | undefined) {
  return useQuery({
    ...topicsBySubjectQueryOptions(subjectId ?? 0),
    enabled: subjectId !== undefined && subjectId > 0,
  });
}
