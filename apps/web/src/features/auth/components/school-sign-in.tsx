import { useTranslation } from 'react-i18next';
import { schoolSignInHref } from '../api/school-sign-in';

export interface SchoolSignInButtonProps {
  /** The admin's text (OIDC_BUTTON_LABEL); null: the app's own, translated. */
  label: string | null;
}

/**
 * The school sign-in: a plain link, so the browser leaves for the school's page and comes back
 * through the server (a client route could not follow it).
 */
export function SchoolSignInButton({ label }: SchoolSignInButtonProps) {
  const { t } = useTranslation();
  return (
    <a className="button button--secondary button--block" href={schoolSignInHref}>
      {label ?? t('auth.school.button')}
    </a>
  );
}

/** "or", between the school's button and the password form. */
export function SignInDivider() {
  const { t } = useTranslation();
  return (
    <p className="auth-card__divider">
      <span>{t('auth.school.or')}</span>
    </p>
  );
}
