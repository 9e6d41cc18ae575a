import type { CheckInStatus, StudySession } from '@studybuddy/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useCheckIn } from '../api/check-in';
import { yesterdaysUnchecked } from '../utils/sessions';
import { CheckInDialog } from './check-in-dialog';
import { sessionWhen } from './check-in-state';
import './living-plan.css';

export interface YesterdayCardProps {
  sessions: readonly StudySession[];
  /** The plans whose sessions can be checked in (accepted plans). */
  activePlanIds: ReadonlySet<number>;
  onCheckedIn?: (session: StudySession) => void;
  now?: Date;
}

/**
 * "How did yesterday go?": yesterday's sessions not yet checked in, each with quick buttons:
 * Done and Missed check it in at once, Partly opens the dialog for the minutes. Shows nothing
 * when there is nothing to ask.
 */
export function YesterdayCard({
  sessions,
  activePlanIds,
  onCheckedIn,
  now = new Date(),
}: YesterdayCardProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const mutation = useCheckIn(onCheckedIn);
  const [partly, setPartly] = useState<StudySession | null>(null);
  const [error, setError] = useState<string | null>(null);
  const items = yesterdaysUnchecked(sessions, activePlanIds, now);
  if (items.length === 0 && !partly) return null;

  const quick = (session: StudySession, status: Exclude<CheckInStatus, 'partial'>) => {
    setError(null);
    mutation.mutate(
      {
        session,
        input: { status },
        what: `${session.subjectName} · ${sessionWhen(session, i18n.language)}`,
      },
      { onError: (e) => setError(errorMessage(e, t, i18n.language)) },
    );
  };

  return (
    <section className="card yesterday" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {t('livingPlan.yesterday.title')}
      </h2>
      <ul className="yesterday__list">
        {items.map((s) => {
          const labelId = `${titleId}-${s.id}`;
          return (
            <li key={s.id} className="yesterday__item">
              <span id={labelId} className="yesterday__session">
                <strong>{s.subjectName}</strong>
                {s.topicName ? ` · ${s.topicName}` : ''} · {sessionWhen(s, i18n.language)}
              </span>
              <fieldset className="actions yesterday__buttons" aria-labelledby={labelId}>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={mutation.isPending}
                  onClick={() => quick(s, 'done')}
                >
                  {t('livingPlan.checkIn.status.done')}
                </button>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-haspopup="dialog"
                  disabled={mutation.isPending}
                  onClick={() => setPartly(s)}
                >
                  {t('livingPlan.yesterday.partly')}
                </button>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={mutation.isPending}
                  onClick={() => quick(s, 'missed')}
                >
                  {t('livingPlan.checkIn.status.missed')}
                </button>
              </fieldset>
            </li>
          );
        })}
      </ul>
      {error ? (
        <p className="form-message form-message--error" role="alert">
          {error}
        </p>
      ) : null}
      <CheckInDialog
        session={partly}
        initialStatus="partial"
        onClose={() => setPartly(null)}
        onCheckedIn={onCheckedIn}
      />
    </section>
  );
}
