import { aiEndpoints, type LessonQuestionInput } from '@studybuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /lessons/{lessonId}/ai-bot with { question, language }: an answer with its passages. */
export function askLessonBot({
  lessonId,
  input,
}: {
  lessonId: number;
  input: LessonQuestionInput;
}) {
  return apiRequest(aiEndpoints.lessonBot, { params: { lessonId }, body: input });
}

export function useAskLessonBot() {
  return useMutation({
    mutationFn: askLessonBot,
    meta: { handlesOwnErrors: true, silent: true },
  });
}
