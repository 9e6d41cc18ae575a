import { describe, expect, it } from 'vitest';
import { NOTIFICATIONS_POLL_MS, notificationsQueryOptions } from './get-notifications';

describe('notificationsQueryOptions', () => {
  it('polls every 30 seconds and on window focus when asked to poll', () => {
    const options = notificationsQueryOptions({ poll: true });
    expect(NOTIFICATIONS_POLL_MS).toBe(30_000);
    expect(options.refetchInterval).toBe(30_000);
    expect(options.refetchOnWindowFocus).toBe(true);
    expect(options.refetchIntervalInBackground).toBe(false);
  });

  it('keeps polling in a hidden tab only when asked to (browser notifications allowed)', () => {
    const options = notificationsQueryOptions({ poll: true, pollInBackground: true });
    expect(options.refetchIntervalInBackground).toBe(true);
    expect(notificationsQueryOptions({ pollInBackground: true }).refetchIntervalInBackground).toBe(
      false,
    );
  });

  it('does not poll from a second observer, nor at all when disabled', () => {
    expect(notificationsQueryOptions().refetchInterval).toBe(false);
    const off = notificationsQueryOptions({ enabled: false, poll: true });
    expect(off.enabled).toBe(false);
    expect(off.refetchInterval).toBe(false);
    expect(off.refetchOnWindowFocus).toBe(false);
  });
});
