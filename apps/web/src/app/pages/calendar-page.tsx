import { busyOccurrences, firstJsDay, type StudySession } from '@studybuddy/contracts';
import { addDays, addMonths, endOfMonth, startOfDay, startOfMonth } from 'date-fns';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useBusyTimes } from '@/features/busy-times/api/get-busy-times';
import { BusyTimeDialog } from '@/features/busy-times/components/busy-time-dialog';
import { useBusyIntervals, useCalendars } from '@/features/calendars/api/calendars';
import { CalendarsDialog } from '@/features/calendars/components/calendars-dialog';
import { CheckInDialog } from '@/features/living-plan/components/check-in-dialog';
import { CheckInState } from '@/features/living-plan/components/check-in-state';
import { ClashesPanel } from '@/features/living-plan/components/clashes-panel';
import { usePlans } from '@/features/plans/api/get-plans';
import { useProfile } from '@/features/profile/api/get-profile';
import { useSessions } from '@/features/study-sessions/api/get-sessions';
import { useMoveSession } from '@/features/study-sessions/api/move-session';
import {
  CalendarToolbar,
  type CalendarView,
} from '@/features/study-sessions/components/calendar-toolbar';
import type {
  CalendarBusy,
  CalendarExam,
} from '@/features/study-sessions/components/calendar-types';
import { HourGrid } from '@/features/study-sessions/components/hour-grid';
import { MonthGrid } from '@/features/study-sessions/components/month-grid';
import { SessionDialog } from '@/features/study-sessions/components/session-dialog';
import { clockOf } from '@/features/study-sessions/utils/hour-grid';
import { moveProblem, moveTo, problemOfMessage } from '@/features/study-sessions/utils/move';
import {
  parseDateParam,
  toDateParam,
  weekDays,
  weekStartOf,
} from '@/features/study-sessions/utils/week';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useNow } from '@/hooks/use-now';
import { isApiError } from '@/lib/api-error';
import { calendarColour } from '@/lib/calendar-colours';
import { errorMessage } from '@/lib/error-message';
import { formatDateRange, formatDateTime, formatLongDate, formatMonth } from '@/lib/format-date';
import { subjectColour } from '@/lib/subject-colours';
import { useRefreshLivingPlan } from '../hooks/use-refresh-living-plan';
import '@/features/study-sessions/components/study-sessions.css';

/** Phones get the day view (one column fits); wider screens the week. */
const PHONE_QUERY = '(max-width: 599.98px)';
const isPhone = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;

function viewOf(value: string | null): CalendarView | null {
  return value === 'week' || value === 'day' || value === 'month' ? value : null;
}

/**
 * /calendar (docs/product.md, Screens): an hour grid by week (by day on phones) or a month
 * overview, kept in the address (?view=&date=, or ?week= for a week) so back and reload keep it.
 * Without one it opens on today (its week, or the day itself on a phone). Sessions wear their subject's
 * colour and open a dialog with their check-in, edit and move; exams are all-day chips; busy
 * time is striped and opens its own dialog. A drag or a move is checked by the session form's
 * rules first and refused with the reason, else saved.
 */
export default function CalendarPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const sessions = useSessions();
  const plans = usePlans();
  const busyTimes = useBusyTimes();
  const calendars = useCalendars();
  const profile = useProfile();
  const refresh = useRefreshLivingPlan();
  const move = useMoveSession();
  const now = useNow();
  const [shown, setShown] = useState<StudySession | null>(null);
  const [checking, setChecking] = useState<StudySession | null>(null);
  const [busyDialog, setBusyDialog] = useState<{
    id?: number;
    date?: string;
    time?: string;
  } | null>(null);
  const [calendarsOpen, setCalendarsOpen] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [moveError, setMoveError] = useState<string | null>(null);
  const startsOn = firstJsDay(profile.data?.weekStartsOn);
  const loading = sessions.isPending || plans.isPending || busyTimes.isPending;
  useDocumentTitle(t(startsOn === 1 ? 'calendar.titleMonday' : 'calendar.title'));

  const activePlans = useMemo(
    () => (plans.data ?? []).filter((p) => p.status === 'active'),
    [plans.data],
  );
  const activePlanIds = useMemo(() => new Set(activePlans.map((p) => p.id)), [activePlans]);
  // Each subject's colour is its index in its plan, as on the plan page; exam days come from
  // the accepted plans only.
  const subjects = useMemo(() => {
    const out = new Map<number, { colour: string; examDate: string | null }>();
    for (const p of plans.data ?? [])
      for (const [i, s] of p.subjectDetails.entries())
        out.set(s.id, { colour: subjectColour(i), examDate: s.examDate ?? null });
    return out;
  }, [plans.data]);
  const exams = useMemo<CalendarExam[]>(
    () =>
      activePlans.flatMap((p) =>
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
    [activePlans],
  );

  // Where the calendar is: ?week= (a week), else ?view= and ?date=, else the next session.
  const legacyWeek = parseDateParam(search.get('week'));
  const view: CalendarView = legacyWeek
    ? 'week'
    : (viewOf(search.get('view')) ?? (isPhone() ? 'day' : 'week'));
  const requested = legacyWeek ?? parseDateParam(search.get('date'));
  const anchor = requested ?? startOfDay(now);
  const go = (nextView: CalendarView, day: Date) =>
    setSearch({ view: nextView, date: toDateParam(day) }, { replace: true });

  const days = view === 'day' ? [anchor] : weekDays(weekStartOf(anchor, startsOn));
  const from = toDateParam(view === 'month' ? startOfMonth(anchor) : (days[0] as Date));
  const to = toDateParam(view === 'month' ? endOfMonth(anchor) : (days.at(-1) as Date));
  const intervals = useBusyIntervals(from, to);
  const busy = useMemo<CalendarBusy[]>(() => {
    const list = busyTimes.data ?? [];
    const byId = new Map(list.map((b) => [b.id, b]));
    const typed = busyOccurrences(list, from, to).flatMap((o) => {
      const b = byId.get(o.busyId);
      return b ? [{ ...o, key: `${o.busyId}-${o.date}`, kind: b.kind, title: b.title }] : [];
    });
    // Imported calendars' time, from the server's one view of busy time (typed time is
    // expanded here, where it is edited, so a change shows at once).
    const imported = (intervals.data ?? []).flatMap((i, n) =>
      i.source.kind === 'calendar'
        ? [
            {
              key: `c${i.source.id}-${i.date}-${n}`,
              busyId: -i.source.id,
              kind: 'other' as const,
              title: i.title,
              date: i.date,
              startTime: i.startTime,
              endTime: i.endTime,
              calendar: i.source.name,
              calendarColour: calendarColour(i.source.id),
            },
          ]
        : [],
    );
    return [...typed, ...imported];
  }, [busyTimes.data, intervals.data, from, to]);

  const label =
    view === 'month'
      ? formatMonth(anchor, language)
      : view === 'day'
        ? formatLongDate(anchor, language)
        : formatDateRange(days[0] as Date, days.at(-1) as Date, language);

  const step = (direction: -1 | 1) => {
    const next =
      view === 'month'
        ? addMonths(anchor, direction)
        : addDays(anchor, view === 'day' ? direction : 7 * direction);
    go(view, next);
  };

  // Quick add: the day and hour clicked, and the plan when there is one to choose.
  const quickPlan = activePlans.length === 1 ? activePlans[0]?.id : undefined;
  const addAt = (day: Date, minute: number) =>
    navigate(
      paths.scheduledSession({
        date: toDateParam(day),
        time: clockOf(minute - (minute % 30)),
        plan: quickPlan,
      }),
    );

  const moveSession = async (session: StudySession, day: Date, minute: number) => {
    setNotice(null);
    setMoveError(null);
    const target = moveTo(session, day, minute);
    const examDate = subjects.get(session.subjectId)?.examDate ?? null;
    const problem = moveProblem(session, target, {
      busy: busyTimes.data ?? [],
      examDate,
      now: new Date(),
    });
    const refuse = (reason: string) => {
      const text = t('calendar.move.refused', { reason });
      setNotice({ kind: 'error', text });
      setMoveError(text);
    };
    if (problem) return refuse(t(`calendar.move.reasons.${problem}`));
    try {
      const saved = await move.mutateAsync({
        id: session.id,
        input: { startDateTime: target.start.toISOString(), endDateTime: target.end.toISOString() },
      });
      refresh();
      setShown(null);
      setNotice({
        kind: 'ok',
        text: t('calendar.move.moved', {
          title: saved.title,
          when: formatDateTime(target.start, language),
        }),
      });
    } catch (e) {
      const named = isApiError(e) ? problemOfMessage(e.fieldIssues[0]?.message ?? e.message) : null;
      refuse(named ? t(`calendar.move.reasons.${named}`) : errorMessage(e, t, language));
    }
  };

  const openBusy = (b: CalendarBusy) => setBusyDialog({ id: b.busyId });
  const editedBusy =
    busyDialog?.id !== undefined ? busyTimes.data?.find((b) => b.id === busyDialog.id) : undefined;
  const colourOf = (s: StudySession) => subjects.get(s.subjectId)?.colour;
  const checkInOf = (s: StudySession) =>
    activePlanIds.has(s.planId) ? (
      <CheckInState
        session={s}
        now={now}
        onCheckIn={(session) => {
          setShown(null);
          setChecking(session);
        }}
      />
    ) : null;

  return (
    <div className="page page--wide">
      <div className="page__header">
        <h1 className="page__title">
          {t(startsOn === 1 ? 'calendar.titleMonday' : 'calendar.title')}
        </h1>
        <div className="page__actions">
          <button
            type="button"
            className="button button--secondary"
            aria-haspopup="dialog"
            onClick={() => setBusyDialog({ date: toDateParam(anchor) })}
          >
            {t('calendar.busy.add')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            aria-haspopup="dialog"
            onClick={() => setCalendarsOpen(true)}
          >
            {t('calendars.open')}
          </button>
          <Link to={paths.scheduledSession({ plan: quickPlan })} className="button button--primary">
            {t('calendar.newSession')}
          </Link>
        </div>
      </div>
      <p className="calendar__hint">{t('calendar.hint')}</p>
      {notice ? (
        <p
          className={
            notice.kind === 'ok'
              ? 'form-message form-message--success'
              : 'form-message form-message--error'
          }
          role={notice.kind === 'ok' ? 'status' : 'alert'}
        >
          {notice.text}
        </p>
      ) : null}
      {/* Asked again when busy time is saved or a calendar imported, read again or removed (each
          refetches its list), not on every step of the week. */}
      <ClashesPanel
        stamp={
          busyTimes.isPending || calendars.isPending
            ? null
            : `${busyTimes.dataUpdatedAt}-${calendars.dataUpdatedAt}`
        }
        onReplanned={refresh}
      />
      {/* The grid is drawn at once and its items fill in (no shift of the page when they
          arrive); aria-busy says when the sessions, plans and busy time are all in. */}
      <div className="calendar" aria-busy={loading}>
        <CalendarToolbar
          view={view}
          label={label}
          onStep={step}
          onToday={() => go(view, new Date())}
          onView={(v) => go(v, anchor)}
        />
        {view === 'month' ? (
          <MonthGrid
            month={anchor}
            weekStartsOn={startsOn}
            sessions={sessions.data ?? []}
            exams={exams}
            busy={busy}
            colourOf={colourOf}
            today={now}
            onOpenDay={(day) => go('day', day)}
          />
        ) : (
          <HourGrid
            days={days}
            sessions={sessions.data ?? []}
            busy={busy}
            exams={exams}
            colourOf={colourOf}
            now={now}
            onOpenSession={(s) => {
              setMoveError(null);
              setShown(s);
            }}
            onOpenBusy={openBusy}
            onAddAt={addAt}
            onDropSession={(s, day, minute) => void moveSession(s, day, minute)}
            renderBadge={(s) =>
              s.checkIn
                ? t(
                    s.checkIn.status === 'partial'
                      ? 'livingPlan.state.partial'
                      : `livingPlan.state.${s.checkIn.status}`,
                    { minutes: s.checkIn.minutesDone ?? 0 },
                  )
                : null
            }
          />
        )}
      </div>
      <SessionDialog
        session={shown}
        onClose={() => setShown(null)}
        checkIn={shown ? checkInOf(shown) : null}
        onMove={(s, day, minute) => void moveSession(s, day, minute)}
        moveError={moveError}
        moving={move.isPending}
      />
      <BusyTimeDialog
        open={busyDialog !== null}
        busy={editedBusy}
        date={busyDialog?.date}
        startTime={busyDialog?.time}
        onClose={() => setBusyDialog(null)}
      />
      <CalendarsDialog open={calendarsOpen} onClose={() => setCalendarsOpen(false)} />
      <CheckInDialog session={checking} onClose={() => setChecking(null)} onCheckedIn={refresh} />
    </div>
  );
}
