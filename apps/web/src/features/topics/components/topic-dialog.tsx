import type { Topic } from '@studybuddy/contracts';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/modal';
import { DeepDiveContent } from './deep-dive-content';

export interface TopicDialogProps {
  topic: Topic | null;
  onClose: () => void;
}

/** The topic dialog (docs/product.md): the name and the sanitized deep dive, or no-details. */
export function TopicDialog({ topic, onClose }: TopicDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={topic !== null}
      onClose={onClose}
      title={topic?.name ?? ''}
      size="large"
      footer={
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('common.close')}
        </button>
      }
    >
      {topic ? (
        // Focus starts at the top of a long deep dive, not on the Close button below it.
        <div tabIndex={-1} data-autofocus className="topic-dialog__content">
          <DeepDiveContent content={topic.deepDiveContent} />
        </div>
      ) : null}
    </Modal>
  );
}
