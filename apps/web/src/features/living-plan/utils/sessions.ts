import type { StudySession } from '@studybuddy/contracts';
import { differenceInMinutes, isSameDay, subDays, subWeeks } from 'date-fns';

/** Whether a session has started, so it can be checked in (the server refuses one to come). */
export function hasStarted(session: StudySession, now: Date): boolean {
  return Date.parse(session.startTime) <= now.getTime();
}

/** A session's length in whole minutes. */
export function sessionMinutes(session: StudySession): number {
  return Math.max(
    1,
    differenceInMinutes(session.endTime, session.startTime, { roundingMethod: 'round' }),
  );
}

/** The sessions of active plans that started yesterday (local time) and are not checked in. */
export function yesterdaysUnchecked(
  sessions: readonly StudySession[],
  activePlanIds: ReadonlySet<number>,
  now: Date,
): StudySession[] {
  const yesterday = subDays(now, 1);
  return sessions.filter(
    (s) =>
      activePlanIds.has(s.planId) &&
      s.checkIn === null &&
      isSameDay(s.startTime, yesterday) &&
      hasStarted(s, now),
  );
}

/**
 * The active plans with past work that may need re-placing: a started session checked in as
 * missed or partly done, or not checked in at all. The client cannot tell which ones a re-plan
 * already carried over; re-planning those again is harmless (the server says nothing is to do).
 * Only generated plans (with sessions the planner made, `kind` set) can be re-planned: a plan
 * made by hand has no free time known to the server.
 */
export function plansToReplan(
  sessions: readonly StudySession[],
  activePlanIds: ReadonlySet<number>,
  now: Date,
): number[] {
  const generated = new Set(sessions.filter((s) => s.kind !== null).map((s) => s.planId));
  const ids = new Set<number>();
  for (const s of sessions) {
    if (!activePlanIds.has(s.planId) || !generated.has(s.planId) || !hasStarted(s, now)) continue;
    if (s.checkIn === null || s.checkIn.status !== 'done') ids.add(s.planId);
  }
  return [...ids].sort((a, b) => a - b);
}

/** The sessions of active plans that started in the 7 days before `now`, newest first. */
export function recentSessions(
  sessions: readonly StudySession[],
  activePlanIds: ReadonlySet<number>,
  now: Date,
): StudySession[] {
  const from = subWeeks(now, 1).getTime();
  return sessions
    .filter((s) => {
      const start = Date.parse(s.startTime);
      return activePlanIds.has(s.planId) && start >= from && start <= now.getTime();
    })
    .sort((a, b) => Date.parse(b.startTime) - Date.parse(a.startTime) || b.id - a.id);
}
