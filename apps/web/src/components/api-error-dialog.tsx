import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissApiError, getErrorDialog, subscribeErrorDialog } from '@/lib/error-dialog';
import { errorMessage } from '@/lib/error-message';
import { Modal } from './modal';

/** The generic dialog for failed calls that show no error of their own (docs/product.md). */
export function ApiErrorDialog() {
  const { t, i18n } = useTranslation();
  const { open, error } = useSyncExternalStore(
    subscribeErrorDialog,
    getErrorDialog,
    getErrorDialog,
  );
  return (
    <Modal
      open={open}
      onClose={dismissApiError}
      role="alertdialog"
      title={t('errors.dialogTitle')}
      footer={
        <button type="button" className="button button--primary" onClick={dismissApiError}>
          {t('common.ok')}
        </button>
      }
    >
      <p>{open ? errorMessage(error, t, i18n.language) : null}</p>
    </Modal>
  );
}
