import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNotificationPermission } from './use-notification-permission';

/** A Notification API that counts reads of its permission, and a Permissions API answering `state`. */
function fakeApis(permission: NotificationPermission, state: PermissionState | 'rejects') {
  const reads = { count: 0 };
  const FakeNotification = Object.defineProperty(vi.fn(), 'permission', {
    get: () => {
      reads.count++;
      return permission;
    },
  });
  vi.stubGlobal('Notification', FakeNotification);
  const query = vi.fn(() =>
    state === 'rejects'
      ? Promise.reject(new TypeError('not a permission name here'))
      : Promise.resolve({ state, addEventListener: vi.fn(), removeEventListener: vi.fn() }),
  );
  vi.stubGlobal('navigator', { ...navigator, permissions: { query } });
  return reads;
}

describe('useNotificationPermission', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the permission at once for a screen that shows it', () => {
    fakeApis('granted', 'granted');
    const { result } = renderHook(() => useNotificationPermission());
    expect(result.current.permission).toBe('granted');
  });

  it('deferred: never reads Notification.permission, and takes the Permissions API answer', async () => {
    const reads = fakeApis('granted', 'granted');
    const { result } = renderHook(() => useNotificationPermission({ deferred: true }));
    expect(result.current.permission).toBe('default');
    await waitFor(() => expect(result.current.permission).toBe('granted'));
    expect(reads.count).toBe(0);
  });

  it("deferred: the Permissions API's prompt is Notification's default", async () => {
    fakeApis('default', 'prompt');
    const { result } = renderHook(() => useNotificationPermission({ deferred: true }));
    await waitFor(() => expect(result.current.permission).toBe('default'));
  });

  it('deferred: falls back to Notification.permission where the query is refused', async () => {
    const reads = fakeApis('denied', 'rejects');
    const { result } = renderHook(() => useNotificationPermission({ deferred: true }));
    await waitFor(() => expect(result.current.permission).toBe('denied'));
    expect(reads.count).toBeGreaterThan(0);
  });
});
