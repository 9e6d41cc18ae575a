import type { Class, ClassList as ClassListData } from '@studybuddy/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import './classes.css';

export interface ClassListProps {
  classes: ClassListData;
  /** A teacher may make classes: their section shows, with the New class button. */
  isTeacher: boolean;
}

/**
 * The classes I teach (for a teacher, or anyone who still has classes from being one) and the
 * classes I joined, each leading to its own screen.
 */
export function ClassList({ classes, isTeacher }: ClassListProps) {
  const { t } = useTranslation();
  const teachId = useId();
  const joinedId = useId();
  return (
    <>
      {isTeacher || classes.teaching.length > 0 ? (
        <section className="card class-section" aria-labelledby={teachId}>
          <div className="class-section__header">
            <h2 id={teachId} className="form__section-title class-section__title">
              {t('classes.list.teaching')}
            </h2>
            {isTeacher ? (
              <Link to={paths.classCreate} className="button button--primary">
                {t('classes.list.create')}
              </Link>
            ) : null}
          </div>
          {classes.teaching.length === 0 ? (
            <p className="status-text">{t('classes.list.teachingEmpty')}</p>
          ) : (
            <ClassCards items={classes.teaching} />
          )}
        </section>
      ) : null}
      <section className="card class-section" aria-labelledby={joinedId}>
        <h2 id={joinedId} className="form__section-title class-section__title">
          {t('classes.list.joined')}
        </h2>
        {classes.joined.length === 0 ? (
          <p className="status-text">{t('classes.list.joinedEmpty')}</p>
        ) : (
          <ClassCards items={classes.joined} />
        )}
      </section>
    </>
  );
}

function ClassCards({ items }: { items: Class[] }) {
  const { t } = useTranslation();
  return (
    <ul className="class-cards">
      {items.map((cls) => {
        const pending = cls.membership?.pending.length ?? 0;
        return (
          <li key={cls.id} className="class-card">
            <h3 className="class-card__name">
              <Link to={paths.classDetail(cls.id)}>{cls.name}</Link>
            </h3>
            <p className="class-card__meta">
              {cls.teaching
                ? t('classes.list.members', { count: cls.members ?? 0 })
                : t('classes.list.teacher', { name: cls.teacherName })}
              {' · '}
              {t('classes.list.exams', { count: cls.exams.length })}
              {' · '}
              {t('classes.list.topics', { count: cls.topics.length })}
            </p>
            {pending > 0 ? (
              <p className="class-card__pending">{t('classes.list.pending', { count: pending })}</p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
