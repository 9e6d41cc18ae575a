import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useClasses } from '@/features/classes/api/get-classes';
import { ClassList } from '@/features/classes/components/class-list';
import { useProfile } from '@/features/profile/api/get-profile';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { type ClassesNavigationState, JoinClassSection } from './join-class-section';

/**
 * /classes (docs/classes.md): the classes I teach (a teacher's, with New class) and the classes I
 * joined, and the form to join one with a code.
 */
export default function ClassesPage() {
  const { t } = useTranslation();
  const classes = useClasses();
  const profile = useProfile();
  const notice = (useLocation().state as ClassesNavigationState | null)?.notice;
  useDocumentTitle(t('classes.title'));
  return (
    <div className="page">
      <div className="page__header">
        <h1 className="page__title">{t('classes.title')}</h1>
      </div>
      {notice ? (
        <p className="form-message form-message--success" role="status">
          {notice}
        </p>
      ) : null}
      {classes.isPending ? (
        <p className="status-text" role="status">
          {t('common.loading')}
        </p>
      ) : classes.isError ? (
        <div className="card class-section">
          <p className="form-message form-message--error" role="alert">
            {t('classes.list.loadFailed')}
          </p>
          <div className="actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void classes.refetch()}
              disabled={classes.isFetching}
            >
              {t('classes.list.retry')}
            </button>
          </div>
        </div>
      ) : (
        <ClassList classes={classes.data} isTeacher={profile.data?.isTeacher === true} />
      )}
      <JoinClassSection />
    </div>
  );
}
