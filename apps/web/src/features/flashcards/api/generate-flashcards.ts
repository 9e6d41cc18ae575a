import { type AiLanguage, flashcardEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { flashcardKeys } from './keys';

/** POST /lessons/{lessonId}/flashcards?language=: makes (or remakes) the lesson's deck. */
export function generateFlashcards({
  lessonId,
  language,
}: {
  lessonId: number;
  language: AiLanguage;
}) {
  return apiRequest(flashcardEndpoints.generate, { params: { lessonId }, query: { language } });
}

/** The new deck replaces the cached one; the due cards are asked for again. */
export function useGenerateFlashcards() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: generateFlashcards,
    onSuccess: async (deck, { lessonId }) => {
      client.setQueryData(flashcardKeys.deck(lessonId), deck);
      await client.invalidateQueries({ queryKey: flashcardKeys.due(lessonId) });
    },
    meta: { handlesOwnErrors: true, silent: true },
  });
}
