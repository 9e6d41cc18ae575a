import { zodResolver } from '@hookform/resolvers/zod';
import { type DeleteAccountInput, deleteAccountInputSchema } from '@studybuddy/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormMessage, InputField } from '@/components/form-field';
import { Modal } from '@/components/modal';
import { errorMessage } from '@/lib/error-message';
import { putFieldIssues, shownError } from '@/lib/form-errors';
import { useDeleteAccount } from '../api/delete-account';

const formFields = ['password'] as const;

export interface DeleteAccountDialogProps {
  open: boolean;
  onClose: () => void;
  /** Runs once the account is deleted and the session has ended here. */
  onDeleted: () => void;
}

/**
 * Asks before deleting the account: everything goes at once and cannot be undone; the current
 * password confirms. A wrong password lands on the field; other failures (too many attempts, no
 * connection) show above the form. The dialog stays open while the request runs.
 */
export function DeleteAccountDialog({ open, onClose, onDeleted }: DeleteAccountDialogProps) {
  const { t } = useTranslation();
  const remove = useDeleteAccount(onDeleted);
  const close = () => {
    if (!remove.isPending) onClose();
  };
  return (
    <Modal open={open} onClose={close} title={t('accountData.delete.title')}>
      {open ? <DeleteAccountForm remove={remove} onCancel={close} /> : null}
    </Modal>
  );
}

function DeleteAccountForm({
  remove,
  onCancel,
}: {
  remove: ReturnType<typeof useDeleteAccount>;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountInputSchema),
    mode: 'onTouched',
    defaultValues: { password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await remove.mutateAsync(values);
    } catch (error) {
      if (!putFieldIssues(error, formFields, setError, t, i18n.language))
        setFormError(errorMessage(error, t, i18n.language));
    }
  });

  return (
    <form className="form delete-account" noValidate onSubmit={onSubmit}>
      <p>{t('accountData.delete.what')}</p>
      <p className="delete-account__warning">{t('accountData.delete.irreversible')}</p>
      <p>{t('accountData.delete.downloadFirst')}</p>
      <FormMessage tone="error">{formError}</FormMessage>
      <InputField
        label={t('accountData.delete.password')}
        type="password"
        autoComplete="current-password"
        required
        data-autofocus
        error={shownError(formState, 'password', t)}
        {...register('password')}
      />
      <div className="actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={onCancel}
          disabled={remove.isPending}
        >
          {t('accountData.delete.cancel')}
        </button>
        <button type="submit" className="button button--danger" disabled={remove.isPending}>
          {remove.isPending ? t('accountData.delete.busy') : t('accountData.delete.confirm')}
        </button>
      </div>
    </form>
  );
}
