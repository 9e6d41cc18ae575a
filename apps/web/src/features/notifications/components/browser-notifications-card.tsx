import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotificationPermission } from '../hooks/use-notification-permission';
import './browser-notifications-card.css';

/**
 * Reminders as browser notifications while the app is open (docs/product.md, Reminders). The
 * browser keeps the permission; this card asks for it and says what the browser answered, with
 * a way out when it said no. Where there is no Notification API the card is not shown.
 */
export function BrowserNotificationsCard() {
  const { t } = useTranslation();
  const titleId = useId();
  const { permission, request } = useNotificationPermission();
  const [asking, setAsking] = useState(false);
  if (permission === 'unsupported') return null;

  async function ask() {
    setAsking(true);
    try {
      await request();
    } finally {
      setAsking(false);
    }
  }

  return (
    <section className="card browser-notifications" aria-labelledby={titleId}>
      <h2 id={titleId} className="form__section-title browser-notifications__title">
        {t('notifications.browser.title')}
      </h2>
      <p className="status-text">{t('notifications.browser.intro')}</p>
      {permission === 'default' ? (
        <div className="actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => void ask()}
            disabled={asking}
          >
            {t('notifications.browser.enable')}
          </button>
        </div>
      ) : null}
      <div role="status" aria-live="polite" className="browser-notifications__state">
        {permission === 'granted' ? (
          <p className="browser-notifications__granted">{t('notifications.browser.granted')}</p>
        ) : null}
        {permission === 'denied' ? (
          <>
            <p className="browser-notifications__denied">{t('notifications.browser.denied')}</p>
            <p className="status-text">{t('notifications.browser.deniedHint')}</p>
          </>
        ) : null}
      </div>
    </section>
  );
}
