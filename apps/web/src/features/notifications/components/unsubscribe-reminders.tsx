import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormMessage } from '@/components/form-field';
import { paths } from '@/config/paths';
import { useUnsubscribeReminders } from '../api/unsubscribe-reminders';
import { notificationMessage, unsubscribeErrorText } from '../utils/notification-messages';
import './unsubscribe-reminders.css';

export interface UnsubscribeRemindersProps {
  /** The signed token of the e-mail's link; null when the link has none. */
  token: string | null;
}

/**
 * The e-mail's unsubscribe link, signed in or not: nothing changes until the student presses the
 * button (a mail scanner that opens links must not turn reminders off), then the server's answer
 * is shown in the student's language. A link without a token is a bad link from the start.
 */
export function UnsubscribeReminders({ token }: UnsubscribeRemindersProps) {
  const { t, i18n } = useTranslation();
  const unsubscribe = useUnsubscribeReminders();
  const outcome = useRef<HTMLDivElement>(null);
  const done = unsubscribe.isSuccess;

  // The button is gone once it worked: the outcome takes the focus so it is read out.
  useEffect(() => {
    if (done) outcome.current?.focus();
  }, [done]);

  if (!token) {
    return (
      <div className="unsubscribe">
        <FormMessage tone="error">{t('notifications.messages.badUnsubscribeLink')}</FormMessage>
        <Link to={paths.home}>{t('unsubscribe.home')}</Link>
      </div>
    );
  }

  return (
    <div className="unsubscribe">
      <p className="unsubscribe__intro">{t('unsubscribe.intro')}</p>
      <div ref={outcome} tabIndex={-1} className="unsubscribe__outcome">
        <FormMessage tone="success">
          {unsubscribe.data ? notificationMessage(unsubscribe.data.message, t) : null}
        </FormMessage>
        <FormMessage tone="error">
          {unsubscribe.isError ? unsubscribeErrorText(unsubscribe.error, t, i18n.language) : null}
        </FormMessage>
      </div>
      {done ? (
        <Link to={paths.home}>{t('unsubscribe.home')}</Link>
      ) : (
        <div className="actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => unsubscribe.mutate(token)}
            disabled={unsubscribe.isPending}
          >
            {unsubscribe.isPending ? t('unsubscribe.busy') : t('unsubscribe.button')}
          </button>
        </div>
      )}
    </div>
  );
}
