import type { SubjectDetail } from '@studybuddy/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { subjectColour } from '@/lib/subject-colours';
import { useDeleteSubject } from '../api/delete-subject';
import './subjects.css';

export interface SubjectCardsProps {
  planId: number;
  subjects: SubjectDetail[];
  /** Opens the topics dialog of one subject. */
  onShowTopics: (subject: SubjectDetail) => void;
  /** Called after a subject was deleted on the server. */
  onDeleted: (subjectId: number) => void;
}

/**
 * One card per subject (docs/product.md, Screens, plan detail): a colour dot from the six colours
 * with the name as text, 'View Topics' to the subject screen, a quick look at its topics and
 * a real delete after the browser's confirmation.
 */
export function SubjectCards({ planId, subjects, onShowTopics, onDeleted }: SubjectCardsProps) {
  const { t } = useTranslation();
  const remove = useDeleteSubject();

  function onDelete(subject: SubjectDetail) {
    if (!window.confirm(t('subjects.delete.confirm', { name: subject.subjectName }))) return;
    remove.mutate(subject.id, { onSuccess: () => onDeleted(subject.id) });
  }

  return (
    <ul className="subject-grid">
      {subjects.map((subject, index) => {
        const headingId = `subject-${subject.id}-name`;
        const completed = subject.topics.filter((topic) => topic.completed).length;
        return (
          <li key={subject.id} className="subject-card">
            <div className="subject-card__header">
              <span
                className={`subject-dot subject-dot--${subjectColour(index)}`}
                aria-hidden="true"
              />
              <h2 id={headingId} className="subject-card__name">
                {subject.subjectName}
              </h2>
            </div>
            <p className="subject-card__meta">
              {t('subjects.card.topics', { count: subject.topics.length })}
              {subject.topics.length > 0
                ? ` · ${t('subjects.card.completed', { count: completed })}`
                : ''}
            </p>
            <div className="subject-card__actions">
              <Link
                to={paths.subject(planId, subject.subjectName)}
                className="button button--primary button--small"
                aria-describedby={headingId}
              >
                {t('subjects.card.viewTopics')}
              </Link>
              <button
                type="button"
                className="button button--secondary button--small"
                aria-describedby={headingId}
                aria-haspopup="dialog"
                onClick={() => onShowTopics(subject)}
              >
                {t('subjects.card.quickLook')}
              </button>
              <button
                type="button"
                className="button button--ghost button--small subject-card__delete"
                aria-describedby={headingId}
                disabled={remove.isPending && remove.variables === subject.id}
                onClick={() => onDelete(subject)}
              >
                {t('subjects.card.delete')}
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
