import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { OctopusMascot } from '@/components/octopus-mascot';
import { UnsubscribeReminders } from '@/features/notifications/components/unsubscribe-reminders';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Where a reminder e-mail's "unsubscribe" link leads (`/unsubscribe?token=`); works signed out. */
export default function UnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  useDocumentTitle(t('unsubscribe.title'));
  return (
    <div className="auth-page">
      <section className="card auth-card" aria-labelledby="unsubscribe-title">
        <OctopusMascot className="auth-card__mascot" />
        <h1 id="unsubscribe-title" className="auth-card__title">
          {t('unsubscribe.title')}
        </h1>
        <UnsubscribeReminders token={params.get('token') || null} />
      </section>
    </div>
  );
}
