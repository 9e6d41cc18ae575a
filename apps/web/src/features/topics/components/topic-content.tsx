import type { Topic } from '@studybuddy/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { noticeText } from '@/lib/notice-text';
import { useRetryTopicContent } from '../api/retry-topic-content';
import { DeepDiveContent } from './deep-dive-content';
import './topics.css';

export interface TopicContentProps {
  topic: Pick<Topic, 'id' | 'deepDiveContent' | 'contentStatus' | 'contentNote'>;
}

/**
 * A topic's deep dive where its content stands: being written (after a generated plan), the
 * model's deep dive, or the offline helper's version with the reason and Try again when the
 * model could not write it.
 */
export function TopicContent({ topic }: TopicContentProps) {
  const { t, i18n } = useTranslation();
  const retry = useRetryTopicContent();
  const [failed, setFailed] = useState(false);
  const noteId = useId();

  if (topic.contentStatus === 'writing') {
    return (
      <div className="topic-content__writing" role="status" aria-busy="true">
        <span className="topic-content__spinner" aria-hidden="true" />
        <p>{t('topics.content.writing')}</p>
        <p className="status-text">{t('topics.content.writingHint')}</p>
      </div>
    );
  }
  if (topic.contentStatus === 'written') return <DeepDiveContent content={topic.deepDiveContent} />;
  return (
    <>
      <div className="topic-content__fallback">
        <p id={noteId} className="topic-content__note-title">
          {t('topics.content.notWritten')}
        </p>
        {topic.contentNote ? <p>{noticeText(topic.contentNote, t, i18n.language)}</p> : null}
        <button
          type="button"
          className="button button--secondary button--small"
          aria-describedby={noteId}
          disabled={retry.isPending}
          onClick={() => {
            setFailed(false);
            retry.mutate(topic.id, { onError: () => setFailed(true) });
          }}
        >
          {t('topics.content.retry')}
        </button>
        {failed ? (
          <p className="form-message form-message--error" role="alert">
            {t('topics.content.retryFailed')}
          </p>
        ) : null}
      </div>
      <DeepDiveContent content={topic.deepDiveContent} />
    </>
  );
}
