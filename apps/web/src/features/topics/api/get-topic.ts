import { topicEndpoints } from '@studybuddy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { topicKeys } from './keys';

/** GET /topics/{id} */
export function getTopic(id: number, signal?: AbortSignal) {
  return apiRequest(topicEndpoints.get, { params: { id }, signal });
}

/** The topic screen shows its own not-found text. */
export const topicQueryOptions = (id: number) =>
  queryOptions({
    queryKey: topicKeys.detail(id),
    queryFn: ({ signal }) => getTopic(id, signal),
    meta: { handlesOwnErrors: true },
    retry: false,
  });

/** How often a topic whose content is being written is asked for again; never faster. */
export const TOPIC_CONTENT_POLL_MS = 2000;

/** The topic; while its deep dive and lesson are written, it is asked for every 2 s. */
export function useTopic(id: number | undefined) {
  return useQuery({
    ...topicQueryOptions(id ?? 0),
    enabled: id !== undefined && id > 0,
    refetchInterval: (query) =>
      query.state.data?.contentStatus === 'writing' ? TOPIC_CONTENT_POLL_MS : false,
  });
}
