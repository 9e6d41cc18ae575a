/** Query keys of the progress feature. */
export const progressKeys = {
  all: ['progress'] as const,
  mine: () => [...progressKeys.all, 'mine'] as const,
};
