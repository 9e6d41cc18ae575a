import type { PlanContent } from '@studybuddy/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { noticeText } from '@/lib/notice-text';
import { useRetryTopicContent } from '../api/retry-topic-content';
import './smart-scheduler.css';

type ContentTopic = PlanContent['topics'][number];

export interface PlanContentPanelProps {
  planId: number;
  /** The content as last heard (usePlanContent). */
  content: PlanContent;
  /** Nothing is being written any more. */
  done: boolean;
}

/** The topics of each subject, subjects in their first-seen order. */
function bySubject(topics: readonly ContentTopic[]): [string, ContentTopic[]][] {
  const groups = new Map<string, ContentTopic[]>();
  for (const topic of topics) {
    const group = groups.get(topic.subject);
    if (group) group.push(topic);
    else groups.set(topic.subject, [topic]);
  }
  return [...groups];
}

/**
 * "Lessons and deep dives": each topic's content as it is written after the schedule was
 * made, with a real count and bar, the topics per subject (Writing…, Ready, or Not written by
 * the AI model with the reason and Try again).
 */
export function PlanContentPanel({ planId, content, done }: PlanContentPanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const progressId = useId();
  if (content.total === 0) return null;
  const ready = content.topics.filter((topic) => topic.status === 'written').length;
  const line = done
    ? t('smartScheduler.review.content.finished', { ready, total: content.total })
    : t('smartScheduler.review.content.progress', {
        written: content.written,
        total: content.total,
      });
  return (
    <section className="stack plan-content" aria-labelledby={titleId} aria-busy={!done}>
      <h2 id={titleId} className="section-title">
        {t('smartScheduler.review.content.title')}
      </h2>
      <p id={progressId} className="plan-content__progress">
        {line}
      </p>
      <progress
        className="plan-content__bar"
        max={content.total}
        value={content.written}
        aria-labelledby={progressId}
        aria-valuetext={line}
      />
      <p className="visually-hidden" aria-live="polite">
        {done ? line : ''}
      </p>
      <ul className="plan-content__subjects">
        {bySubject(content.topics).map(([subject, topics]) => (
          <SubjectTopics key={subject} planId={planId} subject={subject} topics={topics} />
        ))}
      </ul>
    </section>
  );
}

function SubjectTopics({
  planId,
  subject,
  topics,
}: {
  planId: number;
  subject: string;
  topics: ContentTopic[];
}) {
  const subjectId = useId();
  return (
    <li className="plan-content__subject">
      <span id={subjectId} className="plan-content__subject-name">
        {subject}
      </span>
      <ul className="plan-content__topics" aria-labelledby={subjectId}>
        {topics.map((topic) => (
          <TopicItem key={topic.topicId} planId={planId} topic={topic} />
        ))}
      </ul>
    </li>
  );
}

/** One topic and where its content stands. */
function TopicItem({ planId, topic }: { planId: number; topic: ContentTopic }) {
  const { t, i18n } = useTranslation();
  const nameId = useId();
  const retry = useRetryTopicContent(planId);
  const [failed, setFailed] = useState(false);
  const writing = topic.status === 'writing';
  return (
    <li className={`plan-content__topic plan-content__topic--${topic.status}`} aria-busy={writing}>
      <span id={nameId} className="plan-content__topic-name">
        {topic.name}
      </span>
      {writing ? (
        <span className="plan-content__state">
          <span className="plan-content__spinner" aria-hidden="true" />
          {t('smartScheduler.review.content.writing')}
        </span>
      ) : topic.status === 'written' ? (
        <span className="plan-content__state plan-content__state--ready">
          <span aria-hidden="true">✓ </span>
          {t('smartScheduler.review.content.ready')}
        </span>
      ) : (
        <div className="plan-content__failure">
          <span className="plan-content__state plan-content__state--failed">
            {t('smartScheduler.review.content.notWritten')}
          </span>
          {topic.note ? (
            <p className="plan-content__note">{noticeText(topic.note, t, i18n.language)}</p>
          ) : null}
          <button
            type="button"
            className="button button--secondary button--small"
            aria-describedby={nameId}
            disabled={retry.isPending}
            onClick={() => {
              setFailed(false);
              retry.mutate(topic.topicId, { onError: () => setFailed(true) });
            }}
          >
            {t('smartScheduler.review.content.retry')}
          </button>
          {failed ? (
            <p className="form-message form-message--error" role="alert">
              {t('smartScheduler.review.content.retryFailed')}
            </p>
          ) : null}
        </div>
      )}
    </li>
  );
}
