import { flashcardEndpoints } from '@studybuddy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { flashcardKeys } from './keys';

/** GET /lessons/{lessonId}/flashcards/due: the cards due now, most overdue first. */
export function getDueFlashcards(lessonId: number, signal?: AbortSignal) {
  return apiRequest(flashcardEndpoints.due, { params: { lessonId }, signal });
}

/** Always asked afresh: what is due changes with the clock, not only with our own calls. */
export const dueFlashcardsQueryOptions = (lessonId: number) =>
  queryOptions({
    queryKey: flashcardKeys.due(lessonId),
    queryFn: ({ signal }) => getDueFlashcards(lessonId, signal),
    staleTime: 0,
    meta: { handlesOwnErrors: true, silent: true },
  });

export function useDueFlashcards(lessonId: number) {
  return useQuery({ ...dueFlashcardsQueryOptions(lessonId), enabled: lessonId > 0 });
}
