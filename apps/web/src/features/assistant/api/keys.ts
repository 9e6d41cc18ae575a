/** Query keys of the assistant feature. */
export const assistantKeys = {
  all: ['assistant'] as const,
  history: () => [...assistantKeys.all, 'history'] as const,
};
