/*
 * Push reminders in the service worker (docs/product.md, Push reminders), loaded by Workbox's
 * generated worker (importScripts in vite.config.ts). A push carries { title, body, url,
 * startsAt } and nothing else; a click opens its link in the app, never another site.
 */
self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = {};
  }
  const title = typeof message.title === 'string' ? message.title : 'StudyBuddy';
  const body = typeof message.body === 'string' ? message.body : '';
  const url = typeof message.url === 'string' ? message.url : '/dashboard';
  event.waitUntil(
    self.registration.showNotification(title, {
      body,
      // One notification per session start: a second push for the same one replaces it.
      tag: typeof message.startsAt === 'string' ? `reminder-${message.startsAt}` : undefined,
      icon: '/assets/icons/icon-192.png',
      badge: '/assets/icons/icon-192.png',
      data: { url },
    }),
  );
});

/** The link as a path of this app: another origin's address opens the dashboard instead. */
function sameOriginPath(link) {
  try {
    const url = new URL(link, self.location.origin);
    return url.origin === self.location.origin
      ? url.pathname + url.search + url.hash
      : '/dashboard';
  } catch {
    return '/dashboard';
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = sameOriginPath(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        try {
          // An open StudyBuddy window goes to the link (navigate works on the worker's own).
          const opened = await client.navigate(path);
          await (opened ?? client).focus();
          return;
        } catch {
          // Not this worker's page: try the next, or open a new window.
        }
      }
      await self.clients.openWindow(path);
    })(),
  );
});
