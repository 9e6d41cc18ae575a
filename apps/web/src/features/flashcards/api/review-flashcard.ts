import { type FlashcardRating, flashcardEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { flashcardKeys } from './keys';

/** POST /flashcards/{id}/review with { rating }: returns the card with its next due date. */
export function reviewFlashcard({ id, rating }: { id: number; rating: FlashcardRating }) {
  return apiRequest(flashcardEndpoints.review, { params: { id }, body: { rating } });
}

/**
 * Rates one card and refreshes the deck's counts. The due list is refreshed by the panel when
 * a study round ends, so the round in progress keeps its cards.
 */
export function useReviewFlashcard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reviewFlashcard,
    onSuccess: (card) => {
      void client.invalidateQueries({ queryKey: flashcardKeys.deck(card.lessonId) });
    },
    meta: { handlesOwnErrors: true, silent: true },
  });
}
