import type { ActiveSession } from '@studybuddy/contracts';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '@/components/form-field';
import { formatDateTime } from '@/lib/format-date';
import { useSessions } from '../api/get-sessions';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';
import './sessions-list.css';

/** "Chrome on Linux", one of the two, or "Unknown device" when the agent said nothing known. */
function deviceLabel(session: ActiveSession, t: TFunction): string {
  const { browser, os } = session;
  if (browser && os) return t('profile.sessions.device', { browser, os });
  return browser ?? os ?? t('profile.sessions.unknownDevice');
}

/**
 * The student's live logins, this device marked, with a button that ends all the others (a
 * lost phone, a shared computer).
 */
export function SessionsList() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const sessions = useSessions();
  const revoke = useRevokeOtherSessions();
  const [revoked, setRevoked] = useState(false);
  const when = (iso: string) => <time dateTime={iso}>{formatDateTime(iso, i18n.language)}</time>;
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  function revokeOthers() {
    setRevoked(false);
    revoke.mutate(undefined, { onSuccess: () => setRevoked(true) });
  }

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="form__section-title">
        {t('profile.sessions.title')}
      </h2>
      <p className="status-text">{t('profile.sessions.intro')}</p>
      {sessions.isPending ? (
        <p className="status-text">{t('profile.sessions.loading')}</p>
      ) : sessions.isError ? (
        <FormMessage tone="error">{t('profile.sessions.loadFailed')}</FormMessage>
      ) : (
        <ul className="session-list">
          {sessions.data.map((session) => (
            // Sessions carry no id to the client (it would name the refresh cookie).
            <li
              key={`${session.createdAt}|${session.lastUsedAt}|${session.browser}|${session.os}`}
              className="session-list__item"
            >
              <p className="session-list__device">
                {deviceLabel(session, t)}
                {session.current ? (
                  <>
                    {' '}
                    <span className="badge session-list__current">
                      {t('profile.sessions.thisDevice')}
                    </span>
                  </>
                ) : null}
              </p>
              <p className="session-list__meta">
                {t('profile.sessions.started')} {when(session.createdAt)}
                {' · '}
                {t('profile.sessions.lastUsed')} {when(session.lastUsedAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <FormMessage tone="success">{revoked ? t('profile.sessions.revoked') : null}</FormMessage>
      <button
        type="button"
        className="button button--ghost"
        onClick={revokeOthers}
        disabled={(sessions.isSuccess && others === 0) || revoke.isPending}
      >
        {revoke.isPending ? t('profile.sessions.revoking') : t('profile.sessions.revokeOthers')}
      </button>
    </section>
  );
}
