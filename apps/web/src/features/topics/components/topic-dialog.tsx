import type { Topic } from '@studybuddy/contracts';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/modal';
import { useTopic } from '../api/get-topic';
import { TopicContent } from './topic-content';

export interface TopicDialogProps {
  topic: Topic | null;
  onClose: () => void;
}

/**
 * The topic dialog (docs/product.md): the name and the sanitized deep dive, or no-details; the
 * topic is read again, so content still being written shows up when it is done.
 */
export function TopicDialog({ topic, onClose }: TopicDialogProps) {
  const { t } = useTranslation();
  const live = useTopic(topic?.id);
  const shown = topic && live.data?.id === topic.id ? live.data : topic;
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
      {shown ? (
        // Focus starts at the top of a long deep dive, not on the Close button below it.
        <div tabIndex={-1} data-autofocus className="topic-dialog__content">
          <TopicContent topic={shown} />
        </div>
      ) : null}
    </Modal>
  );
}
