import { lessonEndpoints } from '@studybuddy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { lessonKeys } from './keys';

/** GET /lessons/{id}: the lesson's Markdown with math. */
export function getLesson(id: number, signal?: AbortSignal) {
  return apiRequest(lessonEndpoints.get, { params: { id }, signal });
}

/** The lesson screen shows its own not-found text. */
export const lessonQueryOptions = (id: number) =>
  queryOptions({
    queryKey: lessonKeys.detail(id),
    queryFn: ({ signal }) => getLesson(id, signal),
    meta: { handlesOwnErrors: true },
    retry: false,
  });

export function useLesson(id: number) {
  return useQuery({ ...lessonQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
