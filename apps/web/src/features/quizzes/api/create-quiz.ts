import { type AiLanguage, quizEndpoints } from '@studybuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /lessons/{lessonId}/quiz?language=: a new quiz, questions and options without answers. */
export function createQuiz({ lessonId, language }: { lessonId: number; language: AiLanguage }) {
  return apiRequest(quizEndpoints.create, { params: { lessonId }, query: { language } });
}

export function useCreateQuiz() {
  return useMutation({ mutationFn: createQuiz, meta: { handlesOwnErrors: true, silent: true } });
}
