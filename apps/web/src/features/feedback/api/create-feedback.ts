import { type FeedbackInput, feedbackEndpoints } from '@studybuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/review with { rating, pleased, recommendation, page }. */
export function createFeedback(input: FeedbackInput) {
  return apiRequest(feedbackEndpoints.create, { body: input });
}

/**
 * Sends the app feedback with the loading message 'Submitting your review...'; the popup shows
 * the outcome itself (docs/product.md, Errors), so the generic error dialog stays closed.
 */
export function useCreateFeedback() {
  return useMutation({
    mutationFn: createFeedback,
    meta: { handlesOwnErrors: true, loadingMessage: 'feedback.submitting' },
  });
}
