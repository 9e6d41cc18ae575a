export const busyTimeKeys = {
  all: ['busy-times'] as const,
  mine: () => [...busyTimeKeys.all, 'mine'] as const,
};
