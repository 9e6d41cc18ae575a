import { type LessonReviewInput, lessonEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { lessonKeys } from './keys';

/** POST /review/lesson/{lessonId} with { rating, comment }. */
export function createReview({ lessonId, input }: { lessonId: number; input: LessonReviewInput }) {
  return apiRequest(lessonEndpoints.createReview, { params: { lessonId }, body: input });
}

/** Posts a review and reloads the list (docs/product.md, Behaviour); the form shows the outcome. */
export function useCreateReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: (_review, { lessonId }) =>
      client.invalidateQueries({ queryKey: lessonKeys.reviews(lessonId) }),
    meta: { handlesOwnErrors: true, silent: true },
  });
}
