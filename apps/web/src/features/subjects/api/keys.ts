/** Query keys of the subjects feature. */
export const subjectKeys = {
  all: ['subjects'] as const,
  detail: (id: number) => [...subjectKeys.all, 'detail', id] as const,
};
