import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADMIN_MESSAGES,
  type AdminTwoFactorRemoveInput,
  adminTwoFactorRemoveInputSchema,
} from '@studybuddy/contracts';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormMessage, InputField } from '@/components/form-field';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-message';
import { putFieldIssues, shownError } from '@/lib/form-errors';
import { useRemoveTwoFactor } from '../api/remove-two-factor';
import './admin.css';

/**
 * A student who lost the phone with their authenticator and their recovery codes: the admin
 * turns their two-step sign-in off (they log in with the password, and may turn it on again).
 * The admin log names it.
 */
export function RemoveTwoFactorCard() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const remove = useRemoveTwoFactor();
  const [done, setDone] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<AdminTwoFactorRemoveInput>(
    {
      resolver: zodResolver(adminTwoFactorRemoveInputSchema),
      mode: 'onTouched',
      defaultValues: { email: '' },
    },
  );

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setDone(null);
    try {
      await remove.mutateAsync(values);
      setDone(values.email);
      reset();
    } catch (error) {
      if (putFieldIssues(error, ['email'], setError, t, i18n.language)) return;
      if (isApiError(error) && error.message === ADMIN_MESSAGES.noSuchStudent)
        setError('email', { type: 'server', message: t('admin.resetLink.noSuchStudent') });
      else setFormError(errorMessage(error, t, i18n.language));
    }
  });

  return (
    <section className="card admin-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="form__section-title admin-section__title">
        {t('admin.twoFactor.title')}
      </h2>
      <p className="status-text">{t('admin.twoFactor.intro')}</p>
      <form className="form admin-delete" noValidate onSubmit={onSubmit}>
        <FormMessage tone="error">{formError}</FormMessage>
        <InputField
          label={t('admin.resetLink.email')}
          type="email"
          autoComplete="off"
          spellCheck={false}
          required
          error={shownError(formState, 'email', t)}
          {...register('email')}
        />
        <div className="actions">
          <button type="submit" className="button button--secondary" disabled={remove.isPending}>
            {t('admin.twoFactor.submit')}
          </button>
        </div>
      </form>
      <p className="status-text" role="status" aria-live="polite">
        {done ? t('admin.twoFactor.done', { email: done }) : null}
      </p>
    </section>
  );
}
