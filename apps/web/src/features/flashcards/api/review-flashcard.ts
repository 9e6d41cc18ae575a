import type { FlashcardDeck, FlashcardRating } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendOrQueue } from '@/lib/offline-queue';
import { getSession } from '@/lib/session';
import { flashcardKeys } from './keys';

/** How much of a card's question names it in a conflict shown later. */
const WHAT_MAX = 80;

/**
 * POST /flashcards/{id}/review with { rating }: returns the card with its next due date. With no
 * signal the rating is kept on the device with the time it was made (reviewedAt, from which the
 * server reckons the card's memory state) and sent when the signal returns: null then.
 */
export function reviewFlashcard({
  id,
  rating,
  front,
}: {
  id: number;
  rating: FlashcardRating;
  /** The card's question: what a conflict, if the rating is refused later, names. */
  front: string;
  /** The card's lesson, whose due list loses the card when its rating waits for the signal. */
  lessonId: number;
}) {
  const userId = getSession().user?.id ?? null;
  return sendOrQueue({
    kind: 'flashcard-review',
    id,
    body: { rating },
    later: { rating, reviewedAt: new Date().toISOString() },
    what: front.length > WHAT_MAX ? `${front.slice(0, WHAT_MAX - 1)}…` : front,
    userId,
  });
}

/**
 * Rates one card and refreshes the deck's counts. The due list is refreshed by the panel when
 * a study round ends, so the round in progress keeps its cards.
 */
export function useReviewFlashcard() {
  const client = useQueryClient();
  return useMutation({
    // Run with no signal too: the function keeps the action itself (TanStack would pause it).
    networkMode: 'always',
    mutationFn: reviewFlashcard,
    onSuccess: (card, { id, lessonId }) => {
      if (card) {
        void client.invalidateQueries({ queryKey: flashcardKeys.deck(card.lessonId) });
        return;
      }
      // Kept for later: the card is no longer due here, though the server learns it later.
      client.setQueryData<FlashcardDeck>(flashcardKeys.due(lessonId), (deck) =>
        deck
          ? {
              ...deck,
              cards: deck.cards.filter((c) => c.id !== id),
              dueCount: Math.max(0, deck.dueCount - 1),
            }
          : deck,
      );
    },
    meta: { handlesOwnErrors: true, silent: true },
  });
}
