import { addDays as addCalendarDays, isValid, parseISO } from 'date-fns';
import { formatLocalDay } from '@/lib/format-date';

/**
 * Calendar dates as 'YYYY-MM-DD' text. A calendar date is a day, not an instant: it is read as
 * the local midnight of that day (date-fns's parseISO) and written back as that local day
 * (lib/format-date's formatLocalDay), so no time zone shifts it.
 */

/** A 'YYYY-MM-DD' as that day's local midnight, or null (2026-02-30 and the like too). */
export function parseIsoDate(iso: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  const day = parseISO(iso);
  return isValid(day) ? day : null;
}

/** A local day as 'YYYY-MM-DD'. */
export function toIsoDate(day: Date): string {
  return formatLocalDay(day);
}

export function isIsoDate(value: string): boolean {
  return parseIsoDate(value) !== null;
}

/** The date `days` days after `iso` (negative goes back). */
export function addDays(iso: string, days: number): string {
  const day = parseIsoDate(iso);
  return day ? toIsoDate(addCalendarDays(day, days)) : iso;
}

/** Today in the browser's own calendar (the student's "today"). */
export function localToday(now: Date = new Date()): string {
  return toIsoDate(now);
}

/** A date for people, e.g. 'Mon, 2 Mar 2026', in the given language. */
export function formatIsoDate(iso: string, language: string): string {
  const day = parseIsoDate(iso);
  if (day === null) return iso;
  return new Intl.DateTimeFormat(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(day);
}
