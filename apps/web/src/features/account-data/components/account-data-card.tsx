import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useExportAccountData } from '../api/export-account-data';
import { DeleteAccountDialog } from './delete-account-dialog';
import './account-data.css';

export interface AccountDataCardProps {
  /** Runs once the account is deleted and the session has ended here: leave for login. */
  onDeleted: () => void;
}

/**
 * "Your data" (docs/product.md, Your data): download everything as one JSON file, or delete the
 * account with all of it after the password. A failed download opens the app's error dialog.
 */
export function AccountDataCard({ onDeleted }: AccountDataCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const download = useExportAccountData();
  const [savedAs, setSavedAs] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  function downloadData() {
    setSavedAs(null);
    download.mutate(undefined, { onSuccess: (fileName) => setSavedAs(fileName) });
  }

  return (
    <section className="card account-data" aria-labelledby={titleId}>
      <h2 id={titleId} className="form__section-title account-data__title">
        {t('accountData.title')}
      </h2>
      <p className="status-text account-data__intro">{t('accountData.intro')}</p>
      <div className="actions">
        <button
          type="button"
          className="button button--primary"
          onClick={downloadData}
          disabled={download.isPending}
        >
          {download.isPending ? t('accountData.download.busy') : t('accountData.download.label')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setDeleting(true)}
        >
          {t('accountData.delete.open')}
        </button>
      </div>
      <p className="status-text account-data__status" role="status" aria-live="polite">
        {savedAs ? t('accountData.download.saved', { fileName: savedAs }) : null}
      </p>
      <DeleteAccountDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        onDeleted={onDeleted}
      />
    </section>
  );
}
