import type { StudySession } from '@studybuddy/contracts';
import { isSameDay } from 'date-fns';
import { formatLocalDay } from '@/lib/format-date';

/** A local day as 'YYYY-MM-DD', the form the calendar's `week` takes. */
export function localDay(date: Date): string {
  return formatLocalDay(date);
}

export interface TodayView {
  /** The session running now or the next one to come, today or later; null when none. */
  next: StudySession | null;
  /** Whether `next` is today. */
  nextIsToday: boolean;
  /** Today's other sessions still to come, after `next`. */
  laterToday: StudySession[];
}

/**
 * What the dashboard's "Today" shows: of the accepted plans' sessions not yet checked in and not
 * over, the first one (running or next), then the rest of today's (docs/product.md, Screens).
 */
export function todayView(
  sessions: readonly StudySession[],
  activePlanIds: ReadonlySet<number>,
  now: Date,
): TodayView {
  const ahead = sessions
    .filter(
      (s) =>
        activePlanIds.has(s.planId) &&
        s.checkIn === null &&
        new Date(s.endTime).getTime() > now.getTime(),
    )
    .sort((a, b) => new Date(a.startTime).getTime() - new Date(b.startTime).getTime());
  const [next = null, ...rest] = ahead;
  const isToday = (s: StudySession) => isSameDay(s.startTime, now);
  return {
    next,
    nextIsToday: next !== null && isToday(next),
    laterToday: rest.filter(isToday),
  };
}

/**
 * The dashboard's greeting: "Welcome" for a new account, "Welcome back" afterwards. The signed-in
 * user carries no creation date, so a student without any study plan (draft or accepted) counts as
 * new; while the plans load nothing is said, so the greeting does not change under the student's eyes.
 */
export function greetingKey(plans: {
  data?: readonly unknown[] | undefined;
  isError: boolean;
}): 'dashboard.greetingNew' | 'dashboard.greeting' | null {
  // Plans that cannot be loaded say nothing about the account: greet as usual.
  if (plans.isError) return 'dashboard.greeting';
  if (plans.data === undefined) return null;
  return plans.data.length === 0 ? 'dashboard.greetingNew' : 'dashboard.greeting';
}
