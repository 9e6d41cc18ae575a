/** Query keys of the classes feature. */
export const classKeys = {
  all: ['classes'] as const,
  mine: () => [...classKeys.all, 'mine'] as const,
  detail: (id: number) => [...classKeys.all, 'detail', id] as const,
  standing: (id: number) => [...classKeys.all, 'standing', id] as const,
};
