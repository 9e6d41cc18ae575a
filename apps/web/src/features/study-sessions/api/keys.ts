/** Query keys of the study-sessions feature. */
export const sessionKeys = {
  all: ['study-sessions'] as const,
  mine: () => [...sessionKeys.all, 'mine'] as const,
};
