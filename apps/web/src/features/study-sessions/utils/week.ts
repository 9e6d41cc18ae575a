import {
  DAYS_PER_WEEK,
  DEFAULT_WEEK_START,
  firstJsDay,
  type StudySession,
} from '@studybuddy/contracts';
import { addDays, isValid, lightFormat, parseISO, startOfDay, startOfWeek } from 'date-fns';
import { formatLocalDay } from '@/lib/format-date';

/**
 * The calendar week starts where the student's profile says (the study week's week start:
 * Sunday unless they chose Monday), as date-fns counts it: 0 = Sunday, 1 = Monday (firstJsDay).
 */
export type WeekStartsOn = 0 | 1;
export const WEEK_STARTS_ON: WeekStartsOn = firstJsDay(DEFAULT_WEEK_START);

/** The first day (local midnight) of the week holding `date`. */
export function weekStartOf(date: Date, startsOn: WeekStartsOn = WEEK_STARTS_ON): Date {
  return startOfWeek(date, { weekStartsOn: startsOn });
}

/** The seven days of the week that starts on `weekStart`. */
export function weekDays(weekStart: Date): Date[] {
  const first = startOfDay(weekStart);
  return Array.from({ length: DAYS_PER_WEEK }, (_, i) => addDays(first, i));
}

/** A YYYY-MM-DD text as a local date, or null. */
export function parseDateParam(value: string | null | undefined): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  // parseISO reads a date alone as local midnight and refuses a day the month lacks; date-fns'
  // general `parse` would do the same with 70 KB more code on every screen with a calendar.
  const date = parseISO(value);
  return isValid(date) ? startOfDay(date) : null;
}

/** A local date as YYYY-MM-DD (for links and the session form's ?date=). */
export function toDateParam(date: Date): string {
  return formatLocalDay(date);
}

/**
 * Sessions per day of the week, by their local start time (the server stores UTC, the student
 * sees their own time zone; docs/architecture.md), each day sorted by start.
 */
export function sessionsByDay(
  sessions: readonly StudySession[],
  days: readonly Date[],
): StudySession[][] {
  const keys = days.map(toDateParam);
  const out: StudySession[][] = days.map(() => []);
  for (const s of sessions) {
    const index = keys.indexOf(toDateParam(new Date(s.startTime)));
    if (index >= 0) out[index]?.push(s);
  }
  for (const day of out) day.sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
  return out;
}

/** Sessions that start within the next `days` days from now, earliest first. */
export function upcomingSessions(
  sessions: readonly StudySession[],
  now: Date,
  days = 7,
): StudySession[] {
  const from = now.getTime();
  const to = addDays(now, days).getTime();
  return sessions
    .filter((s) => {
      const end = Date.parse(s.endTime);
      const start = Date.parse(s.startTime);
      return end > from && start < to;
    })
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
}

/** An ISO date-time as the value of a datetime-local input (local time, minutes). */
export function toLocalInputValue(iso: string): string {
  const date = new Date(iso);
  return isValid(date) ? lightFormat(date, "yyyy-MM-dd'T'HH:mm") : '';
}

/** What a datetime-local input holds: a date and a time to the minute or the second. */
const DATETIME_LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/**
 * A datetime-local value ('2025-03-04T17:00', local time) as ISO 8601 in UTC with its zone,
 * as the contract asks; '' when the value is not a date-time.
 */
export function localInputToIso(value: string): string {
  if (!DATETIME_LOCAL.test(value)) return '';
  // Without a zone, parseISO reads the time as local, as the input means it.
  const date = parseISO(value);
  return isValid(date) ? date.toISOString() : '';
}
