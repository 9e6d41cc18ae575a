/** Query keys of the profile feature. */
export const profileKeys = {
  all: ['profile'] as const,
  mine: () => [...profileKeys.all, 'mine'] as const,
  sessions: () => [...profileKeys.all, 'sessions'] as const,
};
