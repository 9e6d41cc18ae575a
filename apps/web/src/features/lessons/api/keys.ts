/** Query keys of the lessons feature. */
export const lessonKeys = {
  all: ['lessons'] as const,
  detail: (id: number) => [...lessonKeys.all, 'detail', id] as const,
  reviews: (lessonId: number) => [...lessonKeys.all, 'reviews', lessonId] as const,
};
