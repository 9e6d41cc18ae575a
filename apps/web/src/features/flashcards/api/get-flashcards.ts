import { flashcardEndpoints } from '@studybuddy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { flashcardKeys } from './keys';

/** GET /lessons/{lessonId}/flashcards: the whole deck, with the due count and next due date. */
export function getFlashcards(lessonId: number, signal?: AbortSignal) {
  return apiRequest(flashcardEndpoints.list, { params: { lessonId }, signal });
}

/** The flashcards panel shows its own loading and failure texts. */
export const flashcardsQueryOptions = (lessonId: number) =>
  queryOptions({
    queryKey: flashcardKeys.deck(lessonId),
    queryFn: ({ signal }) => getFlashcards(lessonId, signal),
    meta: { handlesOwnErrors: true, silent: true },
  });

export function useFlashcards(lessonId: number) {
  return useQuery({ ...flashcardsQueryOptions(lessonId), enabled: lessonId > 0 });
}
