import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginInput, loginInputSchema } from '@studybuddy/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormMessage, InputField } from '@/components/form-field';
import { paths } from '@/config/paths';
import { useLogin } from '../api/login';
import { authErrorText } from './auth-error';
import { TwoFactorStep } from './two-factor-step';

export interface LoginFormProps {
  onSuccess: () => void;
}

/** E-mail and password; submit stays disabled while invalid (docs/product.md, Validation). */
export function LoginForm({ onSuccess }: LoginFormProps) {
  const { t, i18n } = useTranslation();
  const loginMutation = useLogin();
  const [serverError, setServerError] = useState<string | null>(null);
  /** Set when the account has two-step sign-in: the code is asked next. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginInputSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const answer = await loginMutation.mutateAsync(values);
      if ('twoFactorRequired' in answer) setChallenge(answer.challenge);
      else onSuccess();
    } catch (error) {
      setServerError(authErrorText(error, t, i18n.language, 'auth.login.errors.failed'));
    }
  });

  if (challenge)
    return (
      <TwoFactorStep
        challenge={challenge}
        onSuccess={onSuccess}
        onRestart={() => {
          setChallenge(null);
          setServerError(t('errors.two_factor_challenge_invalid'));
        }}
      />
    );
  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-labelledby="login-title">
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
      <InputField
        label={t('auth.login.password')}
        type="password"
        autoComplete="current-password"
        required
        error={errors.password ? t('auth.login.errors.passwordRequired') : undefined}
        {...register('password')}
      />
      <p className="form__aside">
        <Link to={paths.forgotPassword}>{t('auth.login.forgotLink')}</Link>
      </p>
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={!isValid || isSubmitting}
      >
        {isSubmitting ? t('auth.login.submitting') : t('auth.login.submit')}
      </button>
      <p className="form__switch">
        {t('auth.login.noAccount')} <Link to={paths.register}>{t('auth.login.registerLink')}</Link>
      </p>
    </form>
  );
}
