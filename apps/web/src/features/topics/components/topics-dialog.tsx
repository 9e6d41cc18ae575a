import type { Topic } from '@studybuddy/contracts';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/modal';
import './topics.css';

export interface TopicsDialogProps {
  subjectName: string | null;
  topics: Topic[];
  onClose: () => void;
  onViewDetails: (topic: Topic) => void;
}

/** The topics dialog of the plan detail (docs/product.md): open while subjectName is set. */
export function TopicsDialog({ subjectName, topics, onClose, onViewDetails }: TopicsDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={subjectName !== null}
      onClose={onClose}
      title={subjectName ?? ''}
      size="large"
      footer={
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('common.close')}
        </button>
      }
    >
      {topics.length === 0 ? (
        <p>{t('topics.dialog.noTopics')}</p>
      ) : (
        <ul className="dialog-list">
          {topics.map((topic) => (
            <li key={topic.id} className="dialog-list__item">
              <span>{topic.name}</span>
              <button
                type="button"
                className="button button--secondary button--small"
                aria-label={t('topics.dialog.viewDetailsOf', { name: topic.name })}
                aria-haspopup="dialog"
                onClick={() => onViewDetails(topic)}
              >
                {t('topics.list.viewDetails')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
