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

/**
 * The notification permission and a way to ask for it. Older Safari takes a callback instead of
 * returning a promise, so both are listened to. A change made in the browser's site settings is
 * followed through the Permissions API where it exists.
 */
export function useNotificationPermission() {
  const [permission, setPermission] = useState(currentPermission);

  useEffect(() => {
    const permissions = typeof navigator !== 'undefined' ? navigator.permissions : undefined;
    if (!browserNotificationsSupported() || !permissions?.query) return;
    let status: PermissionStatus | null = null;
    let cancelled = false;
    const onChange = () => setPermission(currentPermission());
    permissions
      .query({ name: 'notifications' })
      .then((s) => {
        if (cancelled) return;
        status = s;
        s.addEventListener('change', onChange);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      status?.removeEventListener('change', onChange);
    };
  }, []);

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
