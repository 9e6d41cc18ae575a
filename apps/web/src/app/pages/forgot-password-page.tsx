import { useTranslation } from 'react-i18next';
import { OctopusMascot } from '@/components/octopus-mascot';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { useSite } from '@/features/site/api/get-site';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * A forgotten password: a link by e-mail, or (no e-mail on this server) the school's admin; none
 * where the school's sign-in is the only way in (PASSWORD_LOGIN=false).
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const site = useSite();
  useDocumentTitle(t('auth.forgot.title'));
  // A server that cannot say is taken as one without e-mail: the admin can always help.
  const byEmail = site.isError ? false : site.data?.passwordResetByEmail;
  return (
    <div className="auth-page">
      <section className="card auth-card">
        <OctopusMascot className="auth-card__mascot" />
        <h1 id="forgot-title" className="auth-card__title">
          {t('auth.forgot.title')}
        </h1>
        <p className="auth-card__subtitle">{t('auth.forgot.subtitle')}</p>
        {site.data?.passwordLogin === false ? (
          <p>{t('auth.school.passwordOff.reset')}</p>
        ) : (
          <ForgotPasswordForm byEmail={byEmail} />
        )}
      </section>
    </div>
  );
}
