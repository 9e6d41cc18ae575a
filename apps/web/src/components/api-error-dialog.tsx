import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
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
  // The id the server logged the request under: a student can quote it to the admin.
  const requestId = open && isApiError(error) ? error.requestId : undefined;
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
      {requestId ? <p className="status-text">{t('errors.reference', { id: requestId })}</p> : null}
    </Modal>
  );
}
