import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/hooks/use-online';
import './offline-banner.css';

interface NeedsConnectionProps {
  children: ReactNode;
  /**
   * Keep the part on screen under the notice (a form half filled in, the wizard): the signal
   * may come back before the student sends it. Otherwise the notice takes its place.
   */
  keep?: boolean;
}

/**
 * A part of a screen that cannot work offline (the wizard, the AI, chat, uploads): with no
 * signal it says so at once instead of spinning, and comes back by itself with the signal.
 */
export function NeedsConnection({ children, keep = false }: NeedsConnectionProps) {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return children;
  const notice = (
    <p className="needs-connection" role="status">
      {t('common.offline.needsConnection')}
    </p>
  );
  if (!keep) return notice;
  return (
    <>
      {notice}
      {children}
    </>
  );
}
