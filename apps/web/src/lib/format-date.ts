import { lightFormat, parseISO } from 'date-fns';
import { dateFormatter as formatter } from './date-formatters';

/**
 * The app's one way of writing dates and times, per language, through `Intl`: every screen uses
 * these rather than its own pattern, so a student sees one style ("25 Nov 2026" in English is
 * "Nov 25, 2026"; Greek, Spanish, French and German write theirs). A calendar date
 * (YYYY-MM-DD) is read as a local date so the day never shifts with the time zone; any other
 * string is an ISO date-time (an instant), shown in the browser's zone.
 */
export type DateInput = Date | string;

/** A Date for a Date, a YYYY-MM-DD (local midnight) or an ISO date-time. */
export function toDate(value: DateInput): Date {
  if (value instanceof Date) return value;
  // date-fns reads a date without a time as local midnight (new Date would read UTC midnight).
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? parseISO(value) : new Date(value);
}

/** Short form: "Nov 25, 2026" (en), "25 nov 2026" (es). */
export function formatDate(value: DateInput, language: string): string {
  return formatter(language, { dateStyle: 'medium' }).format(toDate(value));
}

/** Long form with the weekday: "Wednesday, November 25, 2026". */
export function formatLongDate(value: DateInput, language: string): string {
  return formatter(language, { dateStyle: 'full' }).format(toDate(value));
}

/** Day and month only, for dates inside a week or a plan: "Nov 25". */
export function formatDayMonth(value: DateInput, language: string): string {
  return formatter(language, { day: 'numeric', month: 'short' }).format(toDate(value));
}

/** The weekday's name: "Wednesday" (long) or "Wed" (short). */
export function formatWeekday(
  value: DateInput,
  language: string,
  width: 'long' | 'short' = 'long',
): string {
  return formatter(language, { weekday: width }).format(toDate(value));
}

/** Weekday with day and month: "Wed, Nov 25". */
export function formatWeekdayDate(value: DateInput, language: string): string {
  return formatter(language, { weekday: 'short', day: 'numeric', month: 'short' }).format(
    toDate(value),
  );
}

/** Month and year: "November 2026". */
export function formatMonth(value: DateInput, language: string): string {
  return formatter(language, { month: 'long', year: 'numeric' }).format(toDate(value));
}

/**
 * A time of day on the 24-hour clock, as study timetables write it in all five languages:
 * "18:00".
 */
export function formatTime(value: DateInput, language: string): string {
  return formatter(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    toDate(value),
  );
}

/** A date in the short form with its time: "Nov 25, 2026, 18:00". */
export function formatDateTime(value: DateInput, language: string): string {
  return `${formatDate(value, language)}, ${formatTime(value, language)}`;
}

/** A span of days in the short form, without repeating what both ends share: "Nov 22 – 28, 2026". */
export function formatDateRange(start: DateInput, end: DateInput, language: string): string {
  return formatter(language, { dateStyle: 'medium' }).formatRange(toDate(start), toDate(end));
}

/**
 * The local day as 'YYYY-MM-DD': the app's key for a day in addresses, file names and the
 * calendar (not a display form; those go through `Intl` above).
 */
export function formatLocalDay(value: DateInput): string {
  return lightFormat(toDate(value), 'yyyy-MM-dd');
}
