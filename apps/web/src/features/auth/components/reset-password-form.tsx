import { zodResolver } from '@hookform/resolvers/zod';
import { type PasswordResetConfirm, passwordResetConfirmSchema } from '@studybuddy/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormMessage, InputField } from '@/components/form-field';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { putFieldIssues, shownError } from '@/lib/form-errors';
import { useConfirmPasswordReset } from '../api/password-reset';
import { authErrorText } from './auth-error';

const fields = ['newPassword', 'confirmNewPassword'] as const;

export interface ResetPasswordFormProps {
  /** The reset link's token; null when the page was opened without one. */
  token: string | null;
  onDone: () => void;
}

/**
 * The new password, typed twice, set with a reset link's token. A password the server refuses
 * (too common, like the e-mail) lands on its field and the link keeps working; a used or
 * expired link says so, with the way to ask for a new one.
 */
export function ResetPasswordForm({ token, onDone }: ResetPasswordFormProps) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirmPasswordReset();
  const [serverError, setServerError] = useState<string | null>(null);
  const [linkDead, setLinkDead] = useState(token === null);
  const { register, handleSubmit, setError, formState } = useForm<PasswordResetConfirm>({
    resolver: zodResolver(passwordResetConfirmSchema),
    mode: 'onTouched',
    defaultValues: { token: token ?? '', newPassword: '', confirmNewPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await confirm.mutateAsync(values);
      onDone();
    } catch (error) {
      if (isApiError(error) && error.code === 'reset_token_invalid') {
        setLinkDead(true);
        return;
      }
      if (putFieldIssues(error, fields, setError, t, i18n.language)) return;
      setServerError(authErrorText(error, t, i18n.language, 'auth.reset.failed'));
    }
  });

  if (linkDead)
    return (
      <div className="form">
        <FormMessage tone="error">{t('errors.reset_token_invalid')}</FormMessage>
        <p className="form__switch">
          <Link to={paths.forgotPassword}>{t('auth.reset.askAgain')}</Link>
        </p>
      </div>
    );
  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-labelledby="reset-title">
      <FormMessage tone="error">{serverError}</FormMessage>
      <InputField
        label={t('auth.reset.newPassword')}
        type="password"
        autoComplete="new-password"
        required
        hint={t('auth.register.passwordHint')}
        error={shownError(formState, 'newPassword', t)}
        {...register('newPassword')}
      />
      <InputField
        label={t('auth.reset.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
        error={shownError(formState, 'confirmNewPassword', t)}
        {...register('confirmNewPassword')}
      />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={formState.isSubmitting}
      >
        {formState.isSubmitting ? t('auth.reset.submitting') : t('auth.reset.submit')}
      </button>
    </form>
  );
}
