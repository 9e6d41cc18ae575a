import type { StudySession } from '@studybuddy/contracts';
import { useTranslation } from 'react-i18next';
import { formatTime, formatWeekdayDate } from '@/lib/format-date';
import { hasStarted } from '../utils/sessions';
import './living-plan.css';

/** "Mon, Mar 2, 17:00–18:00" in the student's language and time zone. */
export function sessionWhen(session: StudySession, language: string): string {
  const day = formatWeekdayDate(session.startTime, language);
  return `${day}, ${formatTime(session.startTime, language)}–${formatTime(session.endTime, language)}`;
}

/** A session's time of day, "17:00", for accessible names. */
export function sessionTime(session: StudySession, language: string): string {
  return formatTime(session.startTime, language);
}

export interface CheckInStateProps {
  session: StudySession;
  /** Opens the check-in dialog for this session. */
  onCheckIn: (session: StudySession) => void;
  now?: Date;
}

/**
 * A started session's check-in: done, partly N min, missed or not checked in (with its rating),
 * and a button to check it in or change it. A session still to come shows nothing.
 */
export function CheckInState({ session, onCheckIn, now = new Date() }: CheckInStateProps) {
  const { t, i18n } = useTranslation();
  if (!hasStarted(session, now)) return null;
  const c = session.checkIn;
  const state = !c
    ? t('livingPlan.state.none')
    : c.status === 'partial'
      ? t('livingPlan.state.partial', { minutes: c.minutesDone ?? 0 })
      : t(`livingPlan.state.${c.status}`);
  const names = { subject: session.subjectName, time: sessionTime(session, i18n.language) };
  return (
    <div className="check-in-state">
      <span className={`check-in-state__badge check-in-state__badge--${c?.status ?? 'none'}`}>
        {state}
        {c?.rating ? ` · ${t('livingPlan.state.rating', { rating: c.rating })}` : ''}
      </span>
      <button
        type="button"
        className="button button--secondary button--small check-in-state__button"
        aria-haspopup="dialog"
        aria-label={
          c ? t('livingPlan.state.changeLabel', names) : t('livingPlan.state.checkInLabel', names)
        }
        onClick={() => onCheckIn(session)}
      >
        {c ? t('livingPlan.state.change') : t('livingPlan.state.checkIn')}
      </button>
    </div>
  );
}
