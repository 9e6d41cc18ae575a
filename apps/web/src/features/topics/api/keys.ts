/** Query keys of the topics feature. */
export const topicKeys = {
  all: ['topics'] as const,
  bySubject: (subjectId: number) => [...topicKeys.all, 'subject', subjectId] as const,
  detail: (id: number) => [...topicKeys.all, 'detail', id] as const,
};
