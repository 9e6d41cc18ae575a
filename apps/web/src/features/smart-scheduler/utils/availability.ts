import {
  formatClock,
  parseClock,
  studyWindowMinutes,
  WEEKDAYS,
  type WIZARD,
  type WizardAvailability,
  type WizardDay,
  windowStudyHours,
} from '@studybuddy/contracts';

export type SessionLength = (typeof WIZARD.sessionLengths)[number];

/**
 * How the student gives their times: `same` is the quick choice (hours per day from one start
 * time), `perDay` a window of their own on each day.
 */
export type AvailabilityMode = 'same' | 'perDay';

/** One weekday's free time in per-day mode, as 'HH:MM' on the half hour ('24:00' ends the day). */
export interface DayWindow {
  from: string;
  to: string;
}

/** Step 2 inputs, one value per weekday (index 0 = Monday ... 6 = Sunday). */
export interface AvailabilityInput {
  mode: AvailabilityMode;
  /** Study days, in both modes; all are selected by default. */
  days: boolean[];
  /** Quick choice: available hours on each day, 0 to 24. */
  hours: number[];
  /** Quick choice: when study starts on every study day, any half hour (cut at 24:00). */
  startTime: string;
  /** Per-day mode: each day's window. */
  windows: DayWindow[];
}

export const HOUR_CHOICES: readonly number[] = Array.from({ length: 25 }, (_, h) => h);

const DAY_END = 24 * 60;
const STEP = 30;

/** Per-day mode's "from" choices: 00:00 to 23:30 in 30-minute steps. */
export const FROM_CHOICES: readonly string[] = Array.from({ length: DAY_END / STEP }, (_, i) =>
  formatClock(i * STEP),
);

/** Per-day mode's "to" choices: 00:30 to 24:00 in 30-minute steps. */
export const TO_CHOICES: readonly string[] = Array.from({ length: DAY_END / STEP }, (_, i) =>
  formatClock((i + 1) * STEP),
);

/** Whether a per-day window is well formed: both times read and it ends after it starts. */
export function isValidWindow(span: DayWindow | undefined): boolean {
  if (!span) return false;
  const from = parseClock(span.from);
  const to = parseClock(span.to);
  return Number.isFinite(from) && Number.isFinite(to) && from >= 0 && to > from && to <= DAY_END;
}

/**
 * The seven per-day entries the server wants (Monday first, as the contract's WEEKDAYS), from
 * either mode (see quickDays and perDayDays).
 */
export function toAvailability(
  input: AvailabilityInput,
  sessionLength: SessionLength,
): WizardAvailability {
  return input.mode === 'perDay'
    ? perDayDays(input, sessionLength)
    : quickDays(input, sessionLength);
}

/**
 * The quick choice's entries. A study day's window starts at the start time and lasts its available hours plus the breaks
 * between runs of sessions (studyWindowMinutes), cut at 24:00, so "3 h from 17:00" holds 3 h of
 * sessions; its free slots are the clock hours that window touches. A day that is not a study day, or
 * has 0 hours, has no free slot and 0 hours; its window is start + session length, which only
 * keeps the entry well-formed (the end must follow the start).
 */
function quickDays(input: AvailabilityInput, sessionLength: SessionLength): WizardDay[] {
  const start = parseClock(input.startTime);
  return Array.from({ length: WEEKDAYS.length }, (_, day) => {
    const enabled = input.days[day] === true;
    const wanted = enabled ? Math.max(0, Math.min(24, input.hours[day] ?? 0)) : 0;
    const hours = (Math.min(start + wanted * 60, DAY_END) - start) / 60;
    const end = Math.min(start + studyWindowMinutes(hours, sessionLength), DAY_END);
    const windowEnd = hours > 0 ? end : Math.min(start + sessionLength * 60, DAY_END);
    const slots = Array.from(
      { length: 24 },
      (_, h) => hours > 0 && h * 60 < end && (h + 1) * 60 > start,
    );
    return {
      day,
      enabled,
      hours,
      startTime: input.startTime,
      endTime: formatClock(windowEnd),
      slots,
    };
  });
}

/**
 * Per-day mode's entries: a study day runs over its own window, its hours are the sessions the
 * window holds (the study week's windowStudyHours) and its free slots the clock hours the window touches. A day
 * that is not a study day, or whose window is malformed or holds no session, has no free slot
 * and 0 hours; a malformed window is sent as from + session length, which only keeps the entry
 * well-formed (the form reports the window on its day).
 */
function perDayDays(input: AvailabilityInput, sessionLength: SessionLength): WizardDay[] {
  return Array.from({ length: WEEKDAYS.length }, (_, day) => {
    const enabled = input.days[day] === true;
    const span = input.windows[day];
    const valid = isValidWindow(span);
    const parsed = parseClock(span?.from ?? '');
    const fallback = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), DAY_END - STEP) : 0;
    const from = valid ? parsed : fallback;
    const to = valid ? parseClock(span?.to ?? '') : Math.min(from + sessionLength * 60, DAY_END);
    const hours = enabled && valid ? windowStudyHours(from, to, sessionLength) : 0;
    const slots = Array.from(
      { length: 24 },
      (_, h) => hours > 0 && h * 60 < to && (h + 1) * 60 > from,
    );
    return { day, enabled, hours, startTime: formatClock(from), endTime: formatClock(to), slots };
  });
}

/**
 * Per-day windows that start from the quick choice: each day keeps the window quick mode gives
 * it (start time to start + its hours with breaks). A study day with 0 hours is no study day
 * in per-day mode, where a day's time is its window.
 */
export function toPerDay(
  input: AvailabilityInput,
  sessionLength: SessionLength,
): AvailabilityInput {
  const days = quickDays(input, sessionLength);
  return {
    ...input,
    mode: 'perDay',
    days: days.map((d) => d.enabled && d.hours > 0),
    windows: days.map((d) => ({ from: d.startTime, to: d.endTime })),
  };
}

/** Study hours a week the inputs give: the sum of the days' hours toAvailability sends. */
export function weeklyHours(input: AvailabilityInput, sessionLength: SessionLength): number {
  return toAvailability(input, sessionLength).reduce((sum, d) => sum + d.hours, 0);
}
