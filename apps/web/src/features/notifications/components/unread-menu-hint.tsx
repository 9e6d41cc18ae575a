import { useTranslation } from 'react-i18next';
import { useNotifications } from '../api/get-notifications';
import './unread-menu-hint.css';

/**
 * For the hamburger button on a narrow screen, where the bell sits in the closed menu: a dot
 * when something is unread, and the count for screen readers, added to the button's name.
 */
export function UnreadMenuHint() {
  const { t } = useTranslation();
  const unread = useNotifications().data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <>
      <span className="unread-menu-hint" aria-hidden="true" />
      <span className="visually-hidden">{t('notifications.bell.menuHint', { count: unread })}</span>
    </>
  );
}
