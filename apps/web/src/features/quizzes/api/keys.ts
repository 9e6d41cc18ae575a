/** Query keys of the quizzes feature. */
export const quizKeys = {
  all: ['quizzes'] as const,
  results: (lessonId: number) => [...quizKeys.all, 'results', lessonId] as const,
};
