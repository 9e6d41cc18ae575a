import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormMessage, InputField } from '@/components/form-field';
import { paths } from '@/config/paths';
import { useLinkSchoolAccount, usePendingSchoolLink } from '../api/school-sign-in';
import { authErrorText } from './auth-error';

export interface SchoolLinkFormProps {
  onSuccess: () => void;
}

/**
 * A school account whose e-mail already has a StudyBuddy account: that account's password,
 * once, links the two (the server checks it; an e-mail alone never joins them).
 */
export function SchoolLinkForm({ onSuccess }: SchoolLinkFormProps) {
  const { t, i18n } = useTranslation();
  const pending = usePendingSchoolLink(true);
  const link = useLinkSchoolAccount();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await link.mutateAsync({ password });
      onSuccess();
    } catch (e) {
      setError(authErrorText(e, t, i18n.language, 'auth.login.errors.failed'));
    }
  }

  if (pending.isPending) return <p aria-busy="true">{t('auth.school.link.loading')}</p>;
  if (pending.isError)
    return (
      <div className="form">
        <FormMessage tone="error">
          {authErrorText(pending.error, t, i18n.language, 'errors.school_link_expired')}
        </FormMessage>
        <p className="form__switch">
          <Link to={paths.login}>{t('auth.school.link.back')}</Link>
        </p>
      </div>
    );
  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-labelledby="school-link-title">
      <h2 id="school-link-title" className="auth-card__form-title">
        {t('auth.school.link.title')}
      </h2>
      <p>{t('auth.school.link.intro', { email: pending.data.email })}</p>
      <FormMessage tone="error">{error}</FormMessage>
      <InputField
        label={t('auth.school.link.password')}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={password === '' || link.isPending}
      >
        {link.isPending ? t('auth.school.link.submitting') : t('auth.school.link.submit')}
      </button>
      <p className="form__switch">
        <Link to={paths.login}>{t('auth.school.link.back')}</Link>
      </p>
    </form>
  );
}
