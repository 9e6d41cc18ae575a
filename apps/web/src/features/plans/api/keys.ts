/** Query keys of the plans feature. */
export const planKeys = {
  all: ['plans'] as const,
  mine: () => [...planKeys.all, 'mine'] as const,
  detail: (id: number) => [...planKeys.all, 'detail', id] as const,
};
