import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/hooks/use-session';
import { dismissConflict, getQueueState, subscribeQueueState } from '@/lib/offline-queue';
import './offline-banner.css';

/**
 * What was done offline and not yet sent ("2 changes wait for the signal"), and each one the
 * server refused when it was sent, said plainly with its reason until dismissed
 * (docs/architecture.md, The phone).
 */
export function OfflineQueueStatus() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const { waiting, conflicts } = useSyncExternalStore(
    subscribeQueueState,
    getQueueState,
    getQueueState,
  );
  if (!isLoggedIn || (waiting === 0 && conflicts.length === 0)) return null;
  return (
    <div className="offline-queue">
      {waiting > 0 ? (
        <p className="offline-banner" role="status">
          {t('common.offline.waiting', { count: waiting })}
        </p>
      ) : null}
      {conflicts.length > 0 ? (
        <ul className="offline-queue__conflicts" role="alert">
          {conflicts.map((c) => (
            <li key={c.key} className="offline-queue__conflict">
              <span>
                {t(`common.offline.conflict.${c.kind}`, {
                  what: c.what,
                  reason: t(`errors.${c.code}`, { defaultValue: c.message }),
                })}
              </span>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => dismissConflict(c.key)}
              >
                {t('common.offline.dismiss')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
