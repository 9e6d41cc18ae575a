import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { OctopusMascot } from '@/components/octopus-mascot';
import { paths } from '@/config/paths';
import { RegisterForm } from '@/features/auth/components/register-form';
import { SchoolSignInButton } from '@/features/auth/components/school-sign-in';
import { useSite } from '@/features/site/api/get-site';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const site = useSite();
  useDocumentTitle(t('auth.register.title'));
  // PASSWORD_LOGIN=false: accounts come from the school's sign-in.
  const passwordOff = site.data?.passwordLogin === false;
  return (
    <div className="auth-page">
      <section className="card auth-card auth-card--wide">
        <OctopusMascot className="auth-card__mascot" />
        <h1 id="register-title" className="auth-card__title">
          {t('auth.register.title')}
        </h1>
        {passwordOff ? (
          <div className="form">
            <p>{t('auth.school.passwordOff.register')}</p>
            {site.data?.schoolSignIn ? (
              <SchoolSignInButton label={site.data.schoolSignIn.label} />
            ) : null}
          </div>
        ) : (
          <>
            <p className="auth-card__subtitle">{t('auth.register.subtitle')}</p>
            <RegisterForm onSuccess={() => navigate(paths.dashboard, { replace: true })} />
          </>
        )}
      </section>
    </div>
  );
}
