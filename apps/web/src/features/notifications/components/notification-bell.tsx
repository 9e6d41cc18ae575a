import type { Notification } from '@studybuddy/contracts';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { focusableIn } from '@/hooks/use-focus-trap';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { reminderAt, reminderPath, reminderTitle, reminderWhen } from '../utils/reminder-text';
import './notification-bell.css';

export interface NotificationBellProps {
  /** In the top bar the panel drops down under the bell; in the slide-in menu it opens in place. */
  placement?: 'bar' | 'menu';
  /** Runs when a notification's link is followed (the menu closes itself). */
  onNavigate?: () => void;
}

function BellIcon() {
  return (
    <svg
      className="notification-bell__icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
      />
    </svg>
  );
}

/**
 * The bell (docs/product.md, Reminders): its name and badge say how many notifications are
 * unread; it opens a panel listing them, newest first, each linking to its topic (else the
 * calendar day). Following one marks it read. The panel is a disclosure: focus moves into it,
 * Escape or a click outside closes it, and Escape gives focus back to the bell.
 */
export function NotificationBell({ placement = 'bar', onNavigate }: NotificationBellProps) {
  const { t, i18n } = useTranslation();
  const list = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const unread = list.data?.unread ?? 0;
  const items = list.data?.items ?? [];
  const label =
    unread > 0
      ? t('notifications.bell.labelUnread', { count: unread })
      : t('notifications.bell.label');

  const closeToBell = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);

  // Native listeners on the bell itself: Escape stops here, so a slide-in menu around the bell
  // (whose focus trap also listens for Escape) stays open while only the panel closes.
  useEffect(() => {
    const el = root.current;
    if (!open || !el) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      closeToBell();
    };
    const outside = (event: Event) => {
      if (event.target instanceof Node && !el.contains(event.target)) setOpen(false);
    };
    el.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      el.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open, closeToBell]);

  useEffect(() => {
    if (!open || !panel.current) return;
    const first = panel.current.querySelector<HTMLElement>('.notification-item__link');
    (first ?? focusableIn(panel.current)[0] ?? panel.current).focus();
  }, [open]);

  function follow(notification: Notification) {
    if (!notification.read) markRead.mutate(notification.id);
    setOpen(false);
    onNavigate?.();
  }

  function readAll() {
    // The button is disabled once nothing is unread: keep focus in the panel, not on the page.
    markAll.mutate(undefined, { onSuccess: () => panel.current?.focus() });
  }

  return (
    <div ref={root} className={`notification-bell notification-bell--${placement}`}>
      <button
        ref={button}
        type="button"
        className="notification-bell__button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        <BellIcon />
        {placement === 'menu' ? (
          <span className="notification-bell__text">{t('notifications.bell.label')}</span>
        ) : null}
        {unread > 0 ? (
          <span className="notification-bell__badge" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      <section
        ref={panel}
        id={panelId}
        className="notification-panel"
        aria-labelledby={titleId}
        tabIndex={-1}
        hidden={!open}
      >
        <div className="notification-panel__header">
          <h2 id={titleId} className="notification-panel__title">
            {t('notifications.panel.title')}
          </h2>
          <button
            type="button"
            className="button button--ghost notification-panel__read-all"
            onClick={readAll}
            disabled={unread === 0 || markAll.isPending}
          >
            {t('notifications.panel.markAllRead')}
          </button>
        </div>
        {list.isPending ? (
          <p className="status-text notification-panel__status">{t('common.loading')}</p>
        ) : list.isError && !list.data ? (
          <p className="status-text notification-panel__status">
            {t('notifications.panel.loadFailed')}
          </p>
        ) : items.length === 0 ? (
          <p className="status-text notification-panel__status">{t('notifications.panel.empty')}</p>
        ) : (
          <ul className="notification-list">
            {items.map((n) => (
              <li
                key={n.id}
                className={
                  n.read ? 'notification-item' : 'notification-item notification-item--unread'
                }
              >
                <Link
                  to={reminderPath(n)}
                  className="notification-item__link"
                  onClick={() => follow(n)}
                >
                  {n.read ? null : (
                    <span className="notification-item__new">{t('notifications.panel.new')}</span>
                  )}
                  <span className="notification-item__title">
                    {reminderTitle(n, t, i18n.language)}
                  </span>
                  <time className="notification-item__when" dateTime={reminderAt(n)}>
                    {reminderWhen(n, t, i18n.language)}
                  </time>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
