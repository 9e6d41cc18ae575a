import { useTranslation } from 'react-i18next';
import { useAdminOverview } from '@/features/admin/api/get-admin-overview';
import { AdminBackups } from '@/features/admin/components/admin-backups';
import { AdminFeedbackList } from '@/features/admin/components/admin-feedback-list';
import { AdminFigures } from '@/features/admin/components/admin-figures';
import { AdminLog } from '@/features/admin/components/admin-log';
import { DeleteStudentAccountCard } from '@/features/admin/components/delete-student-account-card';
import { RemoveTwoFactorCard } from '@/features/admin/components/remove-two-factor-card';
import { ResetLinkCard } from '@/features/admin/components/reset-link-card';
import { TeachersCard } from '@/features/admin/components/teachers-card';
import { useProfile } from '@/features/profile/api/get-profile';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-error';
import { NotFound } from './not-found';

/**
 * The admin screen (docs/product.md, Admin). To anyone the profile does not call an admin, or
 * whom the server answers 404, it is an unknown address: nothing of it shows, not even its title.
 * The server checks the role on every call; the profile's flag only spares a request.
 */
export default function AdminPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const isAdmin = profile.data?.isAdmin === true;
  // Without a profile the server decides: its 404 hides the screen like any other.
  const overview = useAdminOverview({ enabled: isAdmin || profile.isError });
  const hidden =
    (profile.isSuccess && !isAdmin) ||
    (overview.isError &&
      (!isAdmin || (isApiError(overview.error) && overview.error.status === 404)));
  const shown = !hidden && (isAdmin || overview.isSuccess);
  useDocumentTitle(shown ? t('admin.title') : '');

  if (hidden) return <NotFound />;
  if (!shown) return null;
  return (
    <div className="page">
      <h1 className="page__title">{t('admin.title')}</h1>
      {overview.isPending ? (
        <p className="status-text">{t('admin.loading')}</p>
      ) : overview.isError ? (
        <div className="card">
          <p className="form-message form-message--error" role="alert">
            {t('admin.loadFailed')}
          </p>
          <div className="actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void overview.refetch()}
              disabled={overview.isFetching}
            >
              {t('admin.retry')}
            </button>
          </div>
        </div>
      ) : (
        <>
          <AdminFigures overview={overview.data} />
          <AdminBackups backups={overview.data.backups} />
          <AdminFeedbackList feedback={overview.data.feedback} />
          <AdminLog actions={overview.data.actions} />
        </>
      )}
      <TeachersCard />
      <ResetLinkCard />
      <RemoveTwoFactorCard />
      <DeleteStudentAccountCard />
    </div>
  );
}
