import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { OctopusMascot } from '@/components/octopus-mascot';
import { paths } from '@/config/paths';
import { RegisterForm } from '@/features/auth/components/register-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('auth.register.title'));
  return (
    <div className="auth-page">
      <section className="card auth-card auth-card--wide">
        <OctopusMascot className="auth-card__mascot" />
        <h1 id="register-title" className="auth-card__title">
          {t('auth.register.title')}
        </h1>
        <p className="auth-card__subtitle">{t('auth.register.subtitle')}</p>
        <RegisterForm onSuccess={() => navigate(paths.dashboard, { replace: true })} />
      </section>
    </div>
  );
}
