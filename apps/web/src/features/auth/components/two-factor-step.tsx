import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage, InputField } from '@/components/form-field';
import { isApiError } from '@/lib/api-error';
import { useLoginTwoFactor } from '../api/login';
import { authErrorText } from './auth-error';

export interface TwoFactorStepProps {
  /** The password step's challenge. */
  challenge: string;
  onSuccess: () => void;
  /** Back to the password (the challenge ran out). */
  onRestart: () => void;
}

/** The second step of a login with two-step sign-in: the app's code, or a recovery code. */
export function TwoFactorStep({ challenge, onSuccess, onRestart }: TwoFactorStepProps) {
  const { t, i18n } = useTranslation();
  const finish = useLoginTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await finish.mutateAsync({ challenge, code });
      onSuccess();
    } catch (e) {
      if (isApiError(e) && e.code === 'two_factor_challenge_invalid') {
        onRestart();
        return;
      }
      setError(authErrorText(e, t, i18n.language, 'auth.login.errors.failed'));
    }
  }

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-labelledby="login-title">
      <p>{t('auth.login.twoFactor.intro')}</p>
      <FormMessage tone="error">{error}</FormMessage>
      <InputField
        label={t('auth.login.twoFactor.code')}
        hint={t('auth.login.twoFactor.hint')}
        autoComplete="one-time-code"
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={code.trim() === '' || finish.isPending}
      >
        {finish.isPending ? t('auth.login.submitting') : t('auth.login.twoFactor.submit')}
      </button>
    </form>
  );
}
