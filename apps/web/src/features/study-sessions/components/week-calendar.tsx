import type { StudySession } from '@studybuddy/contracts';
import { addWeeks, format } from 'date-fns';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Modal } from '@/components/modal';
import { paths } from '@/config/paths';
import { dateLocale } from '@/lib/date-locale';
import { SUBJECT_COLOURS } from '@/lib/subject-colours';
import { sessionsByDay, timeOfDay, toDateParam, weekDays } from '../utils/week';
import './study-sessions.css';

export interface WeekCalendarProps {
  sessions: StudySession[];
  /** The Sunday of the week shown. */
  weekStart: Date;
  onWeekChange: (weekStart: Date) => void;
  /** Shown under a session (its check-in, on the calendar page); nothing when it returns null. */
  renderSessionExtra?: (session: StudySession) => ReactNode;
  /**
   * The colour name of a session's subject (the plan page's colours: orange, sky-blue,
   * light-green, light-coral, lavender, gold), or undefined for the plain card.
   */
  colourOf?: (session: StudySession) => string | undefined;
  /** Exam days shown as all-day chips at the top of their day. */
  exams?: readonly CalendarExam[];
}

/** One subject's exam day on the calendar. */
export interface CalendarExam {
  /** Unique within the list, e.g. the subject's id. */
  key: string | number;
  /** YYYY-MM-DD. */
  date: string;
  subjectName: string;
  colour?: string;
}

/** A card's colour modifier; only the subject colours become classes. */
const COLOUR_NAMES: ReadonlySet<string> = new Set(SUBJECT_COLOURS);
function colourClass(base: string, colour: string | undefined): string {
  return colour && COLOUR_NAMES.has(colour) ? `${base} ${base}--${colour}` : base;
}

/**
 * 'Weekly Plan (Sun-Sat)' (docs/product.md, Screens): previous and next week, the date range, seven
 * day tiles with their sessions (subject, topic, HH:MM–HH:MM local, notes) and a plus button
 * that opens the session form for that day. A session with a topic opens the topic; one
 * without shows its details in a dialog. A session card wears its subject's colour, and an exam
 * day shows an all-day "Exam: <subject>" chip at the top of its day.
 */
export function WeekCalendar({
  sessions,
  weekStart,
  onWeekChange,
  renderSessionExtra,
  colourOf,
  exams = [],
}: WeekCalendarProps) {
  const { t, i18n } = useTranslation();
  const locale = dateLocale(i18n.language);
  const [shown, setShown] = useState<StudySession | null>(null);
  const days = weekDays(weekStart);
  const byDay = sessionsByDay(sessions, weekStart);
  const first = days[0] ?? weekStart;
  const last = days[6] ?? weekStart;
  const range = `${format(first, 'PP', { locale })} – ${format(last, 'PP', { locale })}`;
  const today = toDateParam(new Date());
  const shortDate = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short' });

  return (
    <div className="calendar">
      <div className="calendar__toolbar">
        <button
          type="button"
          className="button button--secondary calendar__nav"
          aria-label={t('calendar.previousWeek')}
          onClick={() => onWeekChange(addWeeks(weekStart, -1))}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <p className="calendar__range" aria-live="polite">
          {range}
        </p>
        <button
          type="button"
          className="button button--secondary calendar__nav"
          aria-label={t('calendar.nextWeek')}
          onClick={() => onWeekChange(addWeeks(weekStart, 1))}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <ol className="calendar__grid">
        {days.map((day, index) => {
          const key = toDateParam(day);
          const weekday = format(day, 'EEEE', { locale });
          const items = byDay[index] ?? [];
          const dayExams = exams.filter((e) => e.date === key);
          const headingId = `day-${key}`;
          return (
            <li key={key} className={key === today ? 'day-tile day-tile--today' : 'day-tile'}>
              <div className="day-tile__header">
                <h2 id={headingId} className="day-tile__title">
                  <span className="day-tile__weekday">
                    <span className="day-tile__weekday-long">{weekday}</span>
                    {/* A narrow tile shows the short name; readers hear the full one. */}
                    <span className="day-tile__weekday-short" aria-hidden="true">
                      {format(day, 'EEE', { locale })}
                    </span>
                  </span>
                  <span className="day-tile__date">{shortDate.format(day)}</span>
                  {key === today ? (
                    <span className="day-tile__today">{t('calendar.today')}</span>
                  ) : null}
                </h2>
                <Link
                  to={paths.scheduledSession({ date: key })}
                  className="day-tile__add"
                  aria-label={t('calendar.addSession', { weekday })}
                  title={t('calendar.addSession', { weekday })}
                >
                  <span aria-hidden="true">+</span>
                </Link>
              </div>
              {dayExams.length > 0 ? (
                <ul
                  className="day-tile__exams"
                  aria-label={t('calendar.exam.listLabel', { weekday })}
                >
                  {dayExams.map((e) => (
                    <li
                      key={e.key}
                      className={colourClass('exam-chip', e.colour)}
                      lang={i18n.language}
                    >
                      {t('calendar.exam.chip', { subject: e.subjectName })}
                    </li>
                  ))}
                </ul>
              ) : null}
              {items.length === 0 ? (
                <p className="day-tile__empty">{t('calendar.noSessions')}</p>
              ) : (
                <ul className="day-tile__sessions">
                  {items.map((s) => (
                    <li
                      key={s.id}
                      className={colourClass('session-chip', colourOf?.(s))}
                      lang={i18n.language}
                    >
                      <SessionSummary session={s} onShow={() => setShown(s)} />
                      {renderSessionExtra ? (
                        <div className="session-chip__extra">{renderSessionExtra(s)}</div>
                      ) : null}
                      <Link
                        to={paths.scheduledSession({ id: s.id })}
                        className="session-chip__edit"
                        aria-label={t('calendar.editSession', {
                          title: s.title,
                          time: timeOfDay(s.startTime),
                        })}
                      >
                        {t('calendar.edit')}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
      <Modal
        open={shown !== null}
        onClose={() => setShown(null)}
        title={shown?.title ?? ''}
        footer={
          <>
            {shown ? (
              <Link
                to={paths.scheduledSession({ id: shown.id })}
                className="button button--secondary"
              >
                {t('calendar.edit')}
              </Link>
            ) : null}
            <button type="button" className="button button--primary" onClick={() => setShown(null)}>
              {t('common.close')}
            </button>
          </>
        }
      >
        {shown ? (
          <dl className="session-details">
            <dt>{t('calendar.details.subject')}</dt>
            <dd>{shown.subjectName}</dd>
            <dt>{t('calendar.details.topic')}</dt>
            <dd>{shown.topicName ?? t('calendar.details.none')}</dd>
            <dt>{t('calendar.details.time')}</dt>
            <dd>
              {format(new Date(shown.startTime), 'PPPP', { locale })}, {timeOfDay(shown.startTime)}–
              {timeOfDay(shown.endTime)}
            </dd>
            <dt>{t('calendar.details.notes')}</dt>
            <dd>{shown.notes ?? t('calendar.details.none')}</dd>
          </dl>
        ) : null}
      </Modal>
    </div>
  );
}

function SessionSummary({ session, onShow }: { session: StudySession; onShow: () => void }) {
  const body = (
    <>
      <span className="session-chip__time">
        {timeOfDay(session.startTime)}–{timeOfDay(session.endTime)}
      </span>
      <span className="session-chip__subject">{session.subjectName}</span>
      {session.topicName ? <span className="session-chip__topic">{session.topicName}</span> : null}
      {session.notes ? <span className="session-chip__notes">{session.notes}</span> : null}
    </>
  );
  if (session.topicId !== null) {
    return (
      <Link to={paths.topicById(session.topicId)} className="session-chip__main">
        {body}
      </Link>
    );
  }
  return (
    <button type="button" className="session-chip__main" aria-haspopup="dialog" onClick={onShow}>
      {body}
    </button>
  );
}
