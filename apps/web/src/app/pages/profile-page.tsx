import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { AccountDataCard } from '@/features/account-data/components/account-data-card';
import { useLogout } from '@/features/auth/api/logout';
import { CalendarFeedCard } from '@/features/calendar-feed/components/calendar-feed-card';
import { BrowserNotificationsCard } from '@/features/notifications/components/browser-notifications-card';
import { useProfile } from '@/features/profile/api/get-profile';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { SessionsList } from '@/features/profile/components/sessions-list';
import { PushDevicesCard } from '@/features/push/components/push-devices-card';
import { TwoFactorCard } from '@/features/two-factor/components/two-factor-card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { loadPage } from '@/lib/page-load';

/**
 * After the account is deleted: like logout, a fresh load of /login (so nothing of the deleted
 * account stays in memory), which says what happened.
 */
function leaveDeletedAccount() {
  loadPage(paths.loginNotice('accountDeleted'));
}

export default function ProfilePage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const logout = useLogout();
  useDocumentTitle(t('profile.title'));
  return (
    <div className="page page--narrow">
      <h1 className="page__title">{t('profile.title')}</h1>
      <section className="card">
        {profile.isPending ? null : <ProfileForm profile={profile.data} />}
      </section>
      <TwoFactorCard />
      <BrowserNotificationsCard />
      <PushDevicesCard />
      <CalendarFeedCard />
      <AccountDataCard onDeleted={leaveDeletedAccount} />
      <SessionsList />
      <section className="card" aria-labelledby="profile-session-title">
        <h2 id="profile-session-title" className="form__section-title">
          {t('profile.sessionTitle')}
        </h2>
        <p>{t('profile.sessionText')}</p>
        <button
          type="button"
          className="button button--danger"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
        >
          {t('profile.logout')}
        </button>
      </section>
    </div>
  );
}
