import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/hooks/use-online';
import { useSession } from '@/hooks/use-session';
import { formatDateTime } from '@/lib/format-date';
import { getSyncedAt, subscribeSyncedAt } from '@/lib/offline-cache';
import './offline-banner.css';

/**
 * "Offline, last synced at ...": with no signal, a signed-in student reads the copy kept on this
 * device (docs/architecture.md, The phone); the line says how old it is.
 */
export function OfflineBanner() {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const { isLoggedIn } = useSession();
  const syncedAt = useSyncExternalStore(subscribeSyncedAt, getSyncedAt, getSyncedAt);
  if (online || !isLoggedIn) return null;
  return (
    <p className="offline-banner" role="status">
      {syncedAt === null
        ? t('common.offline.neverSynced')
        : t('common.offline.syncedAt', { time: formatDateTime(new Date(syncedAt), i18n.language) })}
    </p>
  );
}
