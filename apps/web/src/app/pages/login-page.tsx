import {
  SCHOOL_SIGN_IN_ERROR_PARAM,
  SCHOOL_SIGN_IN_ERRORS,
  SCHOOL_SIGN_IN_LINK_PARAM,
  type SchoolSignInError,
} from '@studybuddy/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FormMessage } from '@/components/form-field';
import { OctopusMascot } from '@/components/octopus-mascot';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { SchoolLinkForm } from '@/features/auth/components/school-link-form';
import { SchoolSignInButton, SignInDivider } from '@/features/auth/components/school-sign-in';
import { useSite } from '@/features/site/api/get-site';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Notices another screen can leave for the login page (`paths.loginNotice`). */
const noticeKeys: Record<string, string> = {
  accountDeleted: 'auth.login.notices.accountDeleted',
  passwordReset: 'auth.login.notices.passwordReset',
};

const isSignInError = (value: string | null): value is SchoolSignInError =>
  (SCHOOL_SIGN_IN_ERRORS as readonly (string | null)[]).includes(value);

/**
 * The ways in this server offers (GET /api/site): the school's sign-in, the password form, or
 * both; a school sign-in that came back refused says why, and one that found an existing
 * account asks for its password to link them.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const site = useSite();
  const noticeKey = noticeKeys[params.get('notice') ?? ''];
  const signInError = params.get(SCHOOL_SIGN_IN_ERROR_PARAM);
  const linking = params.get(SCHOOL_SIGN_IN_LINK_PARAM) === '1';
  const school = site.data?.schoolSignIn ?? null;
  // A server that cannot say keeps the password form: it is what every server had.
  const passwordLogin = site.data?.passwordLogin !== false;
  const toDashboard = () => navigate(paths.dashboard, { replace: true });
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
        {linking ? (
          <SchoolLinkForm onSuccess={toDashboard} />
        ) : (
          <>
            <FormMessage tone="error">
              {isSignInError(signInError) ? t(`auth.school.errors.${signInError}`) : null}
            </FormMessage>
            {school ? <SchoolSignInButton label={school.label} /> : null}
            {school && passwordLogin ? <SignInDivider /> : null}
            {passwordLogin ? <LoginForm onSuccess={toDashboard} /> : null}
          </>
        )}
      </section>
    </div>
  );
}
