import type { Topic } from '@studybuddy/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useToggleTopicCompleted } from '../api/update-topic';
import './topics.css';

export interface TopicListProps {
  planId: number;
  subjectName: string;
  topics: Topic[];
  /** Called after the server confirmed a completion change. */
  onToggled?: (topic: Topic) => void;
}

/**
 * The subject screen's topics (docs/product.md, Screens): a completed checkbox, 'View
 * Lesson' and 'View Details' each, or 'No topics found for this subject.'
 */
export function TopicList({ planId, subjectName, topics, onToggled }: TopicListProps) {
  const { t } = useTranslation();
  const toggle = useToggleTopicCompleted();
  if (topics.length === 0) return <p className="empty-state">{t('topics.list.empty')}</p>;
  return (
    <ul className="topic-list">
      {topics.map((topic) => {
        const nameId = `topic-${topic.id}-name`;
        const busy = toggle.isPending && toggle.variables?.id === topic.id;
        return (
          <li
            key={topic.id}
            className={topic.completed ? 'topic-row topic-row--done' : 'topic-row'}
          >
            <label className="topic-row__check">
              <input
                type="checkbox"
                checked={topic.completed}
                disabled={busy}
                onChange={() => toggle.mutate(topic, { onSuccess: (next) => onToggled?.(next) })}
              />
              <span>
                <span id={nameId} className="topic-row__name">
                  {topic.name}
                </span>
                <span className="topic-row__state">
                  {topic.completed ? t('topics.list.completed') : t('topics.list.notCompleted')}
                </span>
              </span>
            </label>
            <div className="actions">
              {topic.lessonId ? (
                <Link
                  to={paths.lesson(planId, subjectName, topic.name, topic.lessonId)}
                  className="button button--primary button--small"
                  aria-describedby={nameId}
                >
                  {t('topics.list.viewLesson')}
                </Link>
              ) : null}
              <Link
                to={paths.topic(planId, subjectName, topic.name)}
                className="button button--secondary button--small"
                aria-describedby={nameId}
              >
                {t('topics.list.viewDetails')}
              </Link>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
