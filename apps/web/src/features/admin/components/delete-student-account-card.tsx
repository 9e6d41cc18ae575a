import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADMIN_MESSAGES,
  type AdminDeleteAccountInput,
  adminDeleteAccountInputSchema,
} from '@studybuddy/contracts';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormMessage, InputField } from '@/components/form-field';
import { Modal } from '@/components/modal';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-message';
import { putFieldIssues, shownError } from '@/lib/form-errors';
import { translateValidationMessage } from '@/lib/validation-messages';
import { useDeleteStudentAccount } from '../api/delete-student-account';
import './admin.css';

const formFields = ['email', 'confirmation'] as const;

/** Refusals the server may send as a plain message: they belong to the e-mail field. */
const emailRefusals: readonly string[] = [ADMIN_MESSAGES.noSuchStudent, ADMIN_MESSAGES.notYourself];

/**
 * Deleting a student's account on their request: the e-mail typed twice, then a confirm step
 * (everything goes at once and cannot be undone). Refusals land on the fields; other failures
 * show above the form. Once deleted, the overview is fetched again and a status says so.
 */
export function DeleteStudentAccountCard() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const remove = useDeleteStudentAccount();
  const [asked, setAsked] = useState<AdminDeleteAccountInput | null>(null);
  const [deleted, setDeleted] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<AdminDeleteAccountInput>({
    resolver: zodResolver(adminDeleteAccountInputSchema),
    mode: 'onTouched',
    defaultValues: { email: '', confirmation: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    setDeleted(null);
    setAsked(values);
  });

  function cancel() {
    if (!remove.isPending) setAsked(null);
  }

  async function confirm() {
    if (!asked) return;
    try {
      await remove.mutateAsync(asked);
      setDeleted(asked.email);
      reset();
    } catch (error) {
      if (putFieldIssues(error, formFields, setError, t, i18n.language)) return;
      if (isApiError(error) && emailRefusals.includes(error.message))
        setError('email', {
          type: 'server',
          message: translateValidationMessage(error.message, t),
        });
      else setFormError(errorMessage(error, t, i18n.language));
    } finally {
      setAsked(null);
    }
  }

  return (
    <section className="card admin-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="form__section-title admin-section__title">
        {t('admin.delete.title')}
      </h2>
      <p className="status-text">{t('admin.delete.intro')}</p>
      <form className="form admin-delete" noValidate onSubmit={onSubmit}>
        <FormMessage tone="error">{formError}</FormMessage>
        <InputField
          label={t('admin.delete.email')}
          type="email"
          autoComplete="off"
          spellCheck={false}
          required
          error={shownError(formState, 'email', t)}
          {...register('email')}
        />
        <InputField
          label={t('admin.delete.confirmation')}
          type="email"
          autoComplete="off"
          spellCheck={false}
          required
          error={shownError(formState, 'confirmation', t)}
          {...register('confirmation')}
        />
        <div className="actions">
          <button type="submit" className="button button--danger" disabled={remove.isPending}>
            {t('admin.delete.submit')}
          </button>
        </div>
      </form>
      <p className="status-text admin-delete__status" role="status" aria-live="polite">
        {deleted ? t('admin.delete.done', { email: deleted }) : null}
      </p>
      <Modal
        open={asked !== null}
        onClose={cancel}
        title={t('admin.delete.confirmTitle')}
        footer={
          <>
            <button
              type="button"
              className="button button--secondary"
              onClick={cancel}
              disabled={remove.isPending}
              data-autofocus
            >
              {t('admin.delete.cancel')}
            </button>
            <button
              type="button"
              className="button button--danger"
              onClick={() => void confirm()}
              disabled={remove.isPending}
            >
              {remove.isPending ? t('admin.delete.busy') : t('admin.delete.confirm')}
            </button>
          </>
        }
      >
        <p>{t('admin.delete.what', { email: asked?.email ?? '' })}</p>
        <p className="admin-delete__warning">{t('admin.delete.irreversible')}</p>
      </Modal>
    </section>
  );
}
