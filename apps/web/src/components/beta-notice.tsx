import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { local } from '@/lib/storage';
import { Modal } from './modal';

/**
 * Beta notice (docs/product.md, Screens), shown until accepted. Escape only hides it for this
 * visit; it comes back on the next one until the student presses Accept.
 */
export function BetaNotice() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => local.get(STORAGE_KEYS.betaAccepted) !== 'true');
  function accept() {
    local.set(STORAGE_KEYS.betaAccepted, 'true');
    setOpen(false);
  }
  return (
    <Modal
      open={open}
      onClose={() => setOpen(false)}
      title={t('beta.title')}
      footer={
        <button type="button" className="button button--primary" onClick={accept} data-autofocus>
          {t('beta.accept')}
        </button>
      }
    >
      <p>{t('beta.testPhase')}</p>
      <p>{t('beta.dataUse')}</p>
      <p>{t('beta.deletion')}</p>
    </Modal>
  );
}
