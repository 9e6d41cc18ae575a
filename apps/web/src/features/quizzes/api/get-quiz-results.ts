import { quizEndpoints } from '@studybuddy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { quizKeys } from './keys';

/** GET /lessons/{lessonId}/quiz-results: the student's results for the lesson, newest first. */
export function getQuizResults(lessonId: number, signal?: AbortSignal) {
  return apiRequest(quizEndpoints.results, { params: { lessonId }, signal });
}

export const quizResultsQueryOptions = (lessonId: number) =>
  queryOptions({
    queryKey: quizKeys.results(lessonId),
    queryFn: ({ signal }) => getQuizResults(lessonId, signal),
    meta: { handlesOwnErrors: true, silent: true },
  });

export function useQuizResults(lessonId: number) {
  return useQuery({ ...quizResultsQueryOptions(lessonId), enabled: lessonId > 0 });
}
