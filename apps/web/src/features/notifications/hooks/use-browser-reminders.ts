import type { Notification as AppNotification } from '@studybuddy/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { reminderTitle, reminderWhen } from '../utils/reminder-text';
import { browserNotificationsSupported } from './use-notification-permission';

/**
 * Shows each reminder that arrives while the app is open as a browser notification, when the
 * student allowed them: only unread ones first seen in this tab after its first load (the backlog
 * of that load is already in the bell). The tag makes a second tab's copy replace the first
 * instead of stacking. A click focuses the window and hands the reminder to `onOpen`.
 */
export function useBrowserReminders(
  items: readonly AppNotification[] | undefined,
  onOpen: (notification: AppNotification) => void,
): void {
  const { t, i18n } = useTranslation();
  const seen = useRef<Set<number> | null>(null);
  const open = useRef(onOpen);
  open.current = onOpen;

  useEffect(() => {
    if (!items) return;
    if (seen.current === null) {
      seen.current = new Set(items.map((n) => n.id));
      return;
    }
    const known = seen.current;
    const fresh = items.filter((n) => !known.has(n.id));
    for (const n of fresh) known.add(n.id);
    if (!browserNotificationsSupported() || window.Notification.permission !== 'granted') return;
    // The list is newest first; the newest is shown last so that it ends up on top.
    for (const reminder of fresh.filter((n) => !n.read).reverse()) {
      try {
        const shown = new window.Notification(reminderTitle(reminder, t, i18n.language), {
          body: reminderWhen(reminder, t, i18n.language),
          tag: `reminder-${reminder.id}`,
        });
        shown.onclick = (event) => {
          event.preventDefault();
          window.focus();
          shown.close();
          open.current(reminder);
        };
      } catch {
        // Some mobile browsers allow notifications only through a service worker: the bell still has it.
      }
    }
  }, [items, t, i18n.language]);
}
