import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { OctopusMascot } from '@/components/octopus-mascot';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('auth.login.title'));
  return (
    <div className="auth-page">
      <section className="card auth-card">
        <OctopusMascot className="auth-card__mascot" />
        <h1 id="login-title" className="auth-card__title">
          {t('auth.login.title')}
        </h1>
        <p className="auth-card__subtitle">{t('auth.login.subtitle')}</p>
        <LoginForm onSuccess={() => navigate(paths.dashboard, { replace: true })} />
      </section>
    </div>
  );
}
