import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { OctopusMascot } from '@/components/octopus-mascot';
import { paths } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * Where a reset link leads (`/reset-password?token=`): the token is read once and taken out of
 * the address bar, so it stays in no history entry or shared screenshot; works signed out.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [token] = useState(() => params.get('token') || null);
  useDocumentTitle(t('auth.reset.title'));
  useEffect(() => {
    if (params.has('token')) setParams({}, { replace: true });
  }, [params, setParams]);
  return (
    <div className="auth-page">
      <section className="card auth-card">
        <OctopusMascot className="auth-card__mascot" />
        <h1 id="reset-title" className="auth-card__title">
          {t('auth.reset.title')}
        </h1>
        <p className="auth-card__subtitle">{t('auth.reset.subtitle')}</p>
        <ResetPasswordForm
          token={token}
          onDone={() => navigate(paths.loginNotice('passwordReset'), { replace: true })}
        />
      </section>
    </div>
  );
}
