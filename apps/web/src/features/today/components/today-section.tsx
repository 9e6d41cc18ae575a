import type { StudySession } from '@studybuddy/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatTime, formatWeekdayDate } from '@/lib/format-date';
import { localDay, todayView } from '../utils/today';
import './today.css';

export interface TodaySectionProps {
  sessions: readonly StudySession[];
  /** The accepted plans, whose sessions are the student's schedule. */
  activePlanIds: ReadonlySet<number>;
  /** While the sessions load, only the heading and a loading line. */
  pending?: boolean;
  now?: Date;
}

/** Where a session's Start leads: its topic (and so its lesson), else the calendar at its week. */
function startPath(session: StudySession): string {
  return session.topicId !== null
    ? paths.topicById(session.topicId)
    : paths.calendarWeek(localDay(new Date(session.startTime)));
}

/**
 * The dashboard's "Today": the next session with a Start link, then today's other sessions; on a
 * day without sessions one line and a link to the calendar (docs/product.md, Screens).
 */
export function TodaySection({
  sessions,
  activePlanIds,
  pending = false,
  now = new Date(),
}: TodaySectionProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const nextId = useId();
  const { next, nextIsToday, laterToday } = todayView(sessions, activePlanIds, now);
  const language = i18n.language;
  const range = (s: StudySession) =>
    `${formatTime(s.startTime, language)}–${formatTime(s.endTime, language)}`;
  const what = (s: StudySession) =>
    s.topicName ? `${s.subjectName}: ${s.topicName}` : s.subjectName;

  return (
    <section className="card today" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {t('today.title')}
      </h2>
      {pending ? <p className="status-text">{t('common.loading')}</p> : null}
      {pending || nextIsToday ? null : (
        <p className="today__nothing">
          {t('today.nothing')} <Link to={paths.calendar}>{t('today.openCalendar')}</Link>
        </p>
      )}
      {!pending && next ? (
        <section className="today__next" aria-labelledby={nextId}>
          <h3 id={nextId} className="today__next-title">
            {t('today.next')}
          </h3>
          <p className="today__when">
            <time dateTime={next.startTime}>
              {nextIsToday
                ? range(next)
                : `${formatWeekdayDate(next.startTime, language)}, ${range(next)}`}
            </time>
          </p>
          <p className="today__what">
            <strong className="today__subject">{next.subjectName}</strong>
            {next.topicName ? <span className="today__topic">{next.topicName}</span> : null}
          </p>
          <Link
            to={startPath(next)}
            className="button button--primary"
            aria-label={t('today.startLabel', { what: what(next) })}
          >
            {t('today.start')}
          </Link>
        </section>
      ) : null}
      {!pending && laterToday.length > 0 ? (
        <>
          <h3 className="today__later-title">{t('today.later')}</h3>
          <ul className="today__later">
            {laterToday.map((s) => (
              <li key={s.id} className="today__item">
                <time dateTime={s.startTime}>{range(s)}</time>
                <span className="today__subject">{s.subjectName}</span>
                {s.topicName ? <span className="today__topic">{s.topicName}</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
