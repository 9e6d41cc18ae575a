import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/modal';
import { useTerms } from '../api/get-terms';

export interface TermsDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The Terms of Service, fetched as text when first opened, with a Close button. */
export function TermsDialog({ open, onClose }: TermsDialogProps) {
  const { t } = useTranslation();
  const terms = useTerms(open);
  const paragraphs = (terms.data ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="large"
      title={t('auth.terms.title')}
      footer={
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('common.close')}
        </button>
      }
    >
      {terms.isPending ? <p>{t('auth.terms.loading')}</p> : null}
      {terms.isError ? (
        <p className="form-message form-message--error">{t('auth.terms.loadFailed')}</p>
      ) : null}
      {terms.isSuccess ? (
        <div className="terms-text" lang="en">
          {paragraphs.map((p, index) => (
            // The text is static and never reordered, so the position is a stable key.
            // biome-ignore lint/suspicious/noArrayIndexKey: static paragraphs
            <p key={index}>{p}</p>
          ))}
        </div>
      ) : null}
    </Modal>
  );
}
