import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FormMessage } from '@/components/form-field';
import { OctopusMascot } from '@/components/octopus-mascot';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Notices another screen can leave for the login page (`paths.loginNotice`). */
const noticeKeys: Record<string, string> = {
  accountDeleted: 'auth.login.notices.accountDeleted',
  passwordReset: 'auth.login.notices.passwordReset',
};

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const noticeKey = noticeKeys[params.get('notice') ?? ''];
  useDocumentTitle(t('auth.login.title'));
  return (
    <div className="auth-page">
      <section className="card auth-card">
        <OctopusMascot className="auth-card__mascot" />
        <h1 id="login-title" className="auth-card__title">
          {t('auth.login.title')}
        </h1>
        <p className="auth-card__subtitle">{t('auth.login.subtitle')}</p>
        <FormMessage tone="success">{noticeKey ? t(noticeKey) : null}</FormMessage>
        <LoginForm onSuccess={() => navigate(paths.dashboard, { replace: true })} />
      </section>
    </div>
  );
}
