import { type QuizSubmitInput, quizEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { quizKeys } from './keys';

/** POST /quizzes/{id}/submit with { answers }: the score, correct answers and explanations. */
export function submitQuiz({ id, input }: { id: number; input: QuizSubmitInput }) {
  return apiRequest(quizEndpoints.submit, { params: { id }, body: input });
}

/** Scores a quiz; the lesson's past results then include it. */
export function useSubmitQuiz() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitQuiz,
    onSuccess: (result) =>
      client.invalidateQueries({ queryKey: quizKeys.results(result.lessonId) }),
    meta: { handlesOwnErrors: true, silent: true },
  });
}
