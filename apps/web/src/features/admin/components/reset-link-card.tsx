import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADMIN_MESSAGES,
  type AdminResetLink,
  type AdminResetLinkInput,
  adminResetLinkInputSchema,
} from '@studybuddy/contracts';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormMessage, InputField } from '@/components/form-field';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-message';
import { putFieldIssues, shownError } from '@/lib/form-errors';
import { useMakeResetLink } from '../api/make-reset-link';
import './admin.css';

/**
 * A way back in for a student who forgot their password and cannot get the e-mail (or the
 * server sends none): a one-time link the admin gives them by hand. It is shown here once; the
 * server keeps only its hash and the admin log says who made it.
 */
export function ResetLinkCard() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const make = useMakeResetLink();
  const [made, setMade] = useState<(AdminResetLink & { email: string }) | null>(null);
  const [copied, setCopied] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<AdminResetLinkInput>({
    resolver: zodResolver(adminResetLinkInputSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setMade(null);
    setCopied(false);
    try {
      setMade({ ...(await make.mutateAsync(values)), email: values.email });
    } catch (error) {
      if (putFieldIssues(error, ['email'], setError, t, i18n.language)) return;
      if (isApiError(error) && error.message === ADMIN_MESSAGES.noSuchStudent)
        setError('email', { type: 'server', message: t('admin.resetLink.noSuchStudent') });
      else setFormError(errorMessage(error, t, i18n.language));
    }
  });

  async function copy() {
    if (!made) return;
    try {
      await navigator.clipboard.writeText(made.link);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin): the link stays selectable on screen.
    }
  }

  const until = made
    ? new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(
        new Date(made.expiresAt),
      )
    : '';
  return (
    <section className="card admin-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="form__section-title admin-section__title">
        {t('admin.resetLink.title')}
      </h2>
      <p className="status-text">{t('admin.resetLink.intro')}</p>
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
          <button type="submit" className="button button--primary" disabled={make.isPending}>
            {make.isPending ? t('admin.resetLink.busy') : t('admin.resetLink.submit')}
          </button>
        </div>
      </form>
      <div role="status" aria-live="polite">
        {made ? (
          <div className="admin-reset-link">
            <p className="status-text">
              {t('admin.resetLink.made', { email: made.email, time: until })}
            </p>
            <code className="admin-reset-link__url">{made.link}</code>
            <div className="actions">
              <button type="button" className="button button--secondary" onClick={copy}>
                {t('admin.resetLink.copy')}
              </button>
              {copied ? <span className="status-text">{t('admin.resetLink.copied')}</span> : null}
            </div>
          </div>
        ) : null}
      </div>
    </section>
  );
}
