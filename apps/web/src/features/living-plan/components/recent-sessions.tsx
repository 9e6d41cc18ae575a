import type { StudySession } from '@studybuddy/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recentSessions } from '../utils/sessions';
import { CheckInDialog } from './check-in-dialog';
import { CheckInState, sessionWhen } from './check-in-state';
import './living-plan.css';

export interface RecentSessionsProps {
  sessions: readonly StudySession[];
  /** The plans whose sessions can be checked in (accepted plans). */
  activePlanIds: ReadonlySet<number>;
  onCheckedIn?: () => void;
  now?: Date;
}

/**
 * "The last 7 days": every session of an accepted plan that started in the past week, newest
 * first, with its check-in (done, partly, missed or not checked in) and a way to change it.
 * Shows nothing when there is none.
 */
export function RecentSessions({
  sessions,
  activePlanIds,
  onCheckedIn,
  now = new Date(),
}: RecentSessionsProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const [open, setOpen] = useState<StudySession | null>(null);
  const items = recentSessions(sessions, activePlanIds, now);
  if (items.length === 0) return null;
  return (
    <section className="stack" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {t('livingPlan.recent.title')}
      </h2>
      <ul className="recent">
        {items.map((s) => (
          <li key={s.id} className="recent__item">
            <span className="recent__session">
              <strong>{s.subjectName}</strong>
              {s.topicName ? ` · ${s.topicName}` : ''} · {sessionWhen(s, i18n.language)}
            </span>
            <CheckInState session={s} onCheckIn={setOpen} now={now} />
          </li>
        ))}
      </ul>
      <CheckInDialog session={open} onClose={() => setOpen(null)} onCheckedIn={onCheckedIn} />
    </section>
  );
}
