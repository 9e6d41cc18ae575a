import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { NeedsConnection } from '@/components/needs-connection';
import { paths } from '@/config/paths';
import { ClassForm } from '@/features/classes/components/class-form';
import { useProfile } from '@/features/profile/api/get-profile';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /classes/new: a teacher makes a class; it opens with its join code once saved. */
export default function ClassCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const profile = useProfile();
  useDocumentTitle(t('classes.form.createTitle'));
  // The server decides; the profile only spares a teacher-less student a form it would refuse.
  const notTeacher = profile.data?.isTeacher === false;
  return (
    <div className="page page--narrow">
      <h1 className="page__title">{t('classes.form.createTitle')}</h1>
      {notTeacher ? (
        <p className="form-message form-message--error" role="alert">
          {t('errors.class_teachers_only')}
        </p>
      ) : (
        <section className="card" aria-label={t('classes.form.createTitle')}>
          <NeedsConnection keep>
            <ClassForm onSaved={(cls) => navigate(paths.classDetail(cls.id), { replace: true })} />
          </NeedsConnection>
        </section>
      )}
      <p>
        <Link to={paths.classes}>{t('classes.backToList')}</Link>
      </p>
    </div>
  );
}
