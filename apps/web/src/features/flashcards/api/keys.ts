/** Query keys of the flashcards feature. */
export const flashcardKeys = {
  all: ['flashcards'] as const,
  deck: (lessonId: number) => [...flashcardKeys.all, 'deck', lessonId] as const,
  due: (lessonId: number) => [...flashcardKeys.all, 'due', lessonId] as const,
};
