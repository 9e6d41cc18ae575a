import { parseClock, type StudySession } from '@studybuddy/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Modal } from '@/components/modal';
import { paths } from '@/config/paths';
import { formatLongDate, formatTime } from '@/lib/format-date';
import { parseDateParam, toDateParam } from '../utils/week';

export interface SessionDialogProps {
  session: StudySession | null;
  onClose: () => void;
  /** The session's check-in line and button (accepted plans' started sessions), or nothing. */
  checkIn?: React.ReactNode;
  /** Move the session to start on `day` at `minute`; the page checks and may refuse. */
  onMove: (session: StudySession, day: Date, minute: number) => void;
  /** Why the last move was refused, shown under the move form. */
  moveError?: string | null;
  moving?: boolean;
}

/**
 * A session opened from the calendar: when, subject, topic (with a link to it and its lessons),
 * focus points and notes, its check-in, edit, and a move form, the keyboard's way to do what a
 * drag does (same checks, same refusals).
 */
export function SessionDialog({
  session,
  onClose,
  checkIn,
  onMove,
  moveError,
  moving = false,
}: SessionDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={session !== null}
      onClose={onClose}
      title={session?.title ?? ''}
      footer={
        <>
          {session ? (
            <Link
              to={paths.scheduledSession({ id: session.id })}
              className="button button--secondary"
            >
              {t('calendar.edit')}
            </Link>
          ) : null}
          <button type="button" className="button button--primary" onClick={onClose}>
            {t('common.close')}
          </button>
        </>
      }
    >
      {session ? (
        <SessionDetails
          key={`${session.id}-${session.startTime}`}
          session={session}
          checkIn={checkIn}
          onMove={onMove}
          moveError={moveError ?? null}
          moving={moving}
        />
      ) : null}
    </Modal>
  );
}

function SessionDetails({
  session,
  checkIn,
  onMove,
  moveError,
  moving,
}: {
  session: StudySession;
  checkIn: React.ReactNode;
  onMove: SessionDialogProps['onMove'];
  moveError: string | null;
  moving: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const start = new Date(session.startTime);
  const [date, setDate] = useState(toDateParam(start));
  const [time, setTime] = useState(formatTime(start, 'en'));
  const dateId = useId();
  const timeId = useId();
  const errorId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const day = parseDateParam(date);
    const minute = parseClock(time);
    if (day && !Number.isNaN(minute)) onMove(session, day, minute);
  };
  return (
    <>
      <dl className="session-details">
        <dt>{t('calendar.details.time')}</dt>
        <dd>
          {formatLongDate(start, language)}, {formatTime(start, language)}–
          {formatTime(session.endTime, language)}
        </dd>
        <dt>{t('calendar.details.subject')}</dt>
        <dd>{session.subjectName}</dd>
        <dt>{t('calendar.details.topic')}</dt>
        <dd>
          {session.topicId !== null ? (
            <Link to={paths.topicById(session.topicId)}>
              {session.topicName ?? t('calendar.details.openTopic')}
            </Link>
          ) : (
            (session.topicName ?? t('calendar.details.none'))
          )}
        </dd>
        <dt>{t('calendar.details.notes')}</dt>
        <dd className="session-details__notes">{session.notes ?? t('calendar.details.none')}</dd>
      </dl>
      {checkIn ? <div className="session-details__check-in">{checkIn}</div> : null}
      <form className="session-move" onSubmit={submit} aria-label={t('calendar.move.legend')}>
        <p className="session-move__legend">{t('calendar.move.legend')}</p>
        <div className="session-move__fields">
          <label htmlFor={dateId}>{t('calendar.move.date')}</label>
          <input
            id={dateId}
            type="date"
            className="field__control"
            value={date}
            required
            aria-describedby={moveError ? errorId : undefined}
            onChange={(e) => setDate(e.target.value)}
          />
          <label htmlFor={timeId}>{t('calendar.move.time')}</label>
          <input
            id={timeId}
            type="time"
            step={900}
            className="field__control"
            value={time}
            required
            onChange={(e) => setTime(e.target.value)}
          />
          <button type="submit" className="button button--secondary" disabled={moving}>
            {t('calendar.move.submit')}
          </button>
        </div>
        {moveError ? (
          <p id={errorId} className="form-message form-message--error" role="alert">
            {moveError}
          </p>
        ) : null}
      </form>
    </>
  );
}
