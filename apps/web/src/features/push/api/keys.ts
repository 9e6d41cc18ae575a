/** Query keys of push reminders. */
export const pushKeys = {
  all: ['push'] as const,
  devices: () => [...pushKeys.all, 'devices'] as const,
  /** Whether this browser holds a push subscription (the browser's answer, not the server's). */
  browser: () => [...pushKeys.all, 'browser'] as const,
};
