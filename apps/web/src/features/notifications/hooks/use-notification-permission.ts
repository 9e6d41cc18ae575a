import { useCallback, useEffect, useState } from 'react';

/** The browser's answer for notifications, or `unsupported` where there is no Notification API. */
export type BrowserNotificationPermission = NotificationPermission | 'unsupported';

/** Whether this browser has the Notification API (not, for example, iOS Safari outside a web app). */
export function browserNotificationsSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.Notification === 'function';
}

function currentPermission(): BrowserNotificationPermission {
  return browserNotificationsSupported() ? window.Notification.permission : 'unsupported';
}

/** The Permissions API's word for the same answer: it says `prompt` where Notification says `default`. */
function fromPermissionState(state: PermissionState): NotificationPermission {
  return state === 'prompt' ? 'default' : state;
}

/**
 * The notification permission and a way to ask for it. Older Safari takes a callback instead of
 * returning a promise, so both are listened to. A change made in the browser's site settings is
 * followed through the Permissions API where it exists.
 *
 * `deferred` is for work that runs on every screen: `Notification.permission` is a synchronous
 * call to the browser process, 10 ms the first time on a page in Chromium (measured), so it is
 * not read while rendering; the Permissions API answers without blocking, and until it has,
 * the permission reads `default`. A screen that shows the permission reads it at once.
 */
export function useNotificationPermission({ deferred = false }: { deferred?: boolean } = {}) {
  const [permission, setPermission] = useState<BrowserNotificationPermission>(() =>
    deferred && browserNotificationsSupported() ? 'default' : currentPermission(),
  );

  useEffect(() => {
    if (!browserNotificationsSupported()) return;
    const permissions = typeof navigator !== 'undefined' ? navigator.permissions : undefined;
    if (!permissions?.query) {
      if (deferred) setPermission(currentPermission());
      return;
    }
    let status: PermissionStatus | null = null;
    let cancelled = false;
    const onChange = () => setPermission(currentPermission());
    permissions
      .query({ name: 'notifications' })
      .then((s) => {
        if (cancelled) return;
        status = s;
        setPermission(fromPermissionState(s.state));
        s.addEventListener('change', onChange);
      })
      .catch(() => {
        // A browser that cannot be asked about notifications this way: read it directly.
        if (!cancelled) setPermission(currentPermission());
      });
    return () => {
      cancelled = true;
      status?.removeEventListener('change', onChange);
    };
  }, [deferred]);

  const request = useCallback(async () => {
    if (!browserNotificationsSupported()) return;
    const answer = await new Promise<NotificationPermission>((resolve) => {
      const promise = window.Notification.requestPermission(resolve);
      if (promise) void promise.then(resolve, () => resolve(window.Notification.permission));
    });
    setPermission(answer);
  }, []);

  return { permission, request };
}
