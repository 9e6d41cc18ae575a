import { zodResolver } from '@hookform/resolvers/zod';
import { type PasswordResetRequest, passwordResetRequestSchema } from '@studybuddy/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormMessage, InputField } from '@/components/form-field';
import { paths } from '@/config/paths';
import { useRequestPasswordReset } from '../api/password-reset';
import { authErrorText } from './auth-error';

export interface ForgotPasswordFormProps {
  /** Whether this server e-mails reset links (SMTP set); undefined while not known yet. */
  byEmail: boolean | undefined;
}

/**
 * A forgotten password: the account's e-mail, then the same answer whatever it is (the server
 * never says whether an account exists). Without e-mail on the server, the student is sent to
 * the school's admin, who makes a link by hand.
 */
export function ForgotPasswordForm({ byEmail }: ForgotPasswordFormProps) {
  const { t, i18n } = useTranslation();
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = useForm<PasswordResetRequest>({
    resolver: zodResolver(passwordResetRequestSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await request.mutateAsync(values);
      setSent(true);
    } catch (error) {
      setServerError(authErrorText(error, t, i18n.language, 'auth.forgot.failed'));
    }
  });

  const back = (
    <p className="form__switch">
      <Link to={paths.login}>{t('auth.forgot.backToLogin')}</Link>
    </p>
  );
  if (byEmail === false)
    return (
      <div className="form">
        <p>{t('auth.forgot.askAdmin')}</p>
        {back}
      </div>
    );
  if (sent)
    return (
      <div className="form">
        <FormMessage tone="success">{t('auth.forgot.sent')}</FormMessage>
        {back}
      </div>
    );
  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-labelledby="forgot-title">
      <FormMessage tone="error">{serverError}</FormMessage>
      <InputField
        label={t('auth.login.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        error={errors.email ? t('auth.login.errors.emailRequired') : undefined}
        {...register('email')}
      />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={!isValid || isSubmitting || byEmail === undefined}
      >
        {isSubmitting ? t('auth.forgot.submitting') : t('auth.forgot.submit')}
      </button>
      {back}
    </form>
  );
}
