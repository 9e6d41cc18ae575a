import { lessonEndpoints } from '@studybuddy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { lessonKeys } from './keys';

/** GET /review/lesson/{lessonId}, newest first. */
export function getReviews(lessonId: number, signal?: AbortSignal) {
  return apiRequest(lessonEndpoints.listReviews, { params: { lessonId }, signal });
}

/** The reviews area has its own texts ('Loading reviews...', 'Failed to load reviews.'). */
export const reviewsQueryOptions = (lessonId: number) =>
  queryOptions({
    queryKey: lessonKeys.reviews(lessonId),
    queryFn: ({ signal }) => getReviews(lessonId, signal),
    meta: { handlesOwnErrors: true, silent: true },
  });

export function useReviews(lessonId: number) {
  return useQuery({ ...reviewsQueryOptions(lessonId), enabled: lessonId > 0 });
}
