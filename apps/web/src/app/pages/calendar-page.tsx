import type { StudySession } from '@studybuddy/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { CheckInDialog } from '@/features/living-plan/components/check-in-dialog';
import { CheckInState } from '@/features/living-plan/components/check-in-state';
import { usePlans } from '@/features/plans/api/get-plans';
import { useSessions } from '@/features/study-sessions/api/get-sessions';
import {
  type CalendarExam,
  WeekCalendar,
} from '@/features/study-sessions/components/week-calendar';
import {
  initialWeekStart,
  parseDateParam,
  toDateParam,
  weekStartOf,
} from '@/features/study-sessions/utils/week';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { subjectColour } from '@/lib/subject-colours';
import { useRefreshLivingPlan } from '../hooks/use-refresh-living-plan';

/**
 * /calendar: the week of ?week=YYYY-MM-DD, else the week of the earliest session, else this
 * week (docs/product.md, Screens). The week shown is kept in the address, so back and reload
 * keep it. Each started session of an accepted plan shows its check-in and can be checked in.
 * Sessions wear their subject's colour; an accepted plan's exam days are all-day chips.
 */
export default function CalendarPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const sessions = useSessions();
  const plans = usePlans();
  const refresh = useRefreshLivingPlan();
  const [checking, setChecking] = useState<StudySession | null>(null);
  useDocumentTitle(t('calendar.title'));
  const activePlanIds = useMemo(
    () => new Set((plans.data ?? []).filter((p) => p.status === 'active').map((p) => p.id)),
    [plans.data],
  );
  // Each subject's colour is its index in its plan, as on the plan page; exam days come from
  // the accepted plans only.
  const colours = useMemo(() => {
    const out = new Map<number, string>();
    for (const p of plans.data ?? [])
      for (const [i, s] of p.subjectDetails.entries()) out.set(s.id, subjectColour(i));
    return out;
  }, [plans.data]);
  const exams = useMemo<CalendarExam[]>(
    () =>
      (plans.data ?? [])
        .filter((p) => p.status === 'active')
        .flatMap((p) =>
          p.subjectDetails.flatMap((s, i) =>
            s.examDate
              ? [
                  {
                    key: s.id,
                    date: s.examDate,
                    subjectName: s.subjectName,
                    colour: subjectColour(i),
                  },
                ]
              : [],
          ),
        ),
    [plans.data],
  );
  const requested = parseDateParam(search.get('week'));
  const weekStart = requested
    ? weekStartOf(requested)
    : sessions.isPending
      ? null
      : initialWeekStart(sessions.data ?? [], new Date());

  return (
    <div className="page">
      <div className="page__header">
        <h1 className="page__title">{t('calendar.title')}</h1>
        <Link to={paths.scheduledSession()} className="button button--primary">
          {t('calendar.newSession')}
        </Link>
      </div>
      {weekStart ? (
        <WeekCalendar
          sessions={sessions.data ?? []}
          weekStart={weekStart}
          onWeekChange={(week) => setSearch({ week: toDateParam(week) }, { replace: true })}
          colourOf={(s) => colours.get(s.subjectId)}
          exams={exams}
          renderSessionExtra={(s) =>
            activePlanIds.has(s.planId) ? (
              <CheckInState session={s} onCheckIn={setChecking} />
            ) : null
          }
        />
      ) : (
        <p className="status-text" role="status">
          {t('common.loading')}
        </p>
      )}
      <CheckInDialog session={checking} onClose={() => setChecking(null)} onCheckedIn={refresh} />
    </div>
  );
}
