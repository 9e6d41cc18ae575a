/** Query keys of push reminders. */
export const pushKeys = {
  all: ['push'] as const,
  devices: () => [...pushKeys.all, 'devices'] as const,
};
