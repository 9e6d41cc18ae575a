import { WIZARD } from '@studybuddy/contracts';
import { addDays, daysBetween, isIsoDate } from './dates';

export type PeriodMode = 'weeks' | 'endDate';

/** Step 1 inputs: the start, and either a number of weeks or an end date. */
export interface PeriodInput {
  mode: PeriodMode;
  start: string;
  weeks: number;
  end: string;
}

export const WEEK_CHOICES: readonly number[] = Array.from(
  { length: WIZARD.weeksMax - WIZARD.weeksMin + 1 },
  (_, i) => WIZARD.weeksMin + i,
);

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The label of a weeks choice (SPEC.md section 9): '1 week', '2 weeks', '3 weeks', '1 month' at
 * 4, then months of four weeks plus the remaining weeks ('1 month 1 week', '2 months').
 */
export function weeksLabel(weeks: number): string {
  const months = Math.floor(weeks / 4);
  const rest = weeks % 4;
  if (months === 0) return plural(rest, 'week');
  return rest === 0
    ? plural(months, 'month')
    : `${plural(months, 'month')} ${plural(rest, 'week')}`;
}

/** In weeks mode the period ends on start + weeks*7 - 1 days (SPEC.md section 9). */
export function weeksEndDate(start: string, weeks: number): string {
  return addDays(start, weeks * 7 - 1);
}

/** The period the inputs describe, or null while they are incomplete. */
export function resolvePeriod(input: PeriodInput): { start: string; end: string } | null {
  if (!isIsoDate(input.start)) return null;
  if (input.mode === 'weeks') {
    if (!Number.isInteger(input.weeks) || input.weeks < 1) return null;
    return { start: input.start, end: weeksEndDate(input.start, input.weeks) };
  }
  if (!isIsoDate(input.end)) return null;
  return { start: input.start, end: input.end };
}

export const PERIOD_MESSAGES = {
  startRequired: 'The start date is required.',
  /** START_DATE_MUST_BE_TODAY_OR_FUTURE */
  startInPast: 'The start date must be today or later.',
  weeksRequired: 'Choose how many weeks (1 to 52).',
  endRequired: 'The end date is required.',
  endBeforeStart: 'The end date must be on or after the start date.',
  tooLong: 'The study period can be at most 52 weeks.',
} as const;

export interface PeriodErrors {
  start?: string;
  weeks?: string;
  end?: string;
}

/**
 * Errors of step 1 by field; the validators switch with the mode (SPEC.md section 4): weeks
 * mode checks the weeks, end-date mode the end date.
 */
export function validatePeriod(input: PeriodInput, today: string): PeriodErrors {
  const errors: PeriodErrors = {};
  if (!input.start || !isIsoDate(input.start)) errors.start = PERIOD_MESSAGES.startRequired;
  else if (input.start < today) errors.start = PERIOD_MESSAGES.startInPast;
  if (input.mode === 'weeks') {
    if (
      !Number.isInteger(input.weeks) ||
      input.weeks < WIZARD.weeksMin ||
      input.weeks > WIZARD.weeksMax
    ) {
      errors.weeks = PERIOD_MESSAGES.weeksRequired;
    }
  } else if (!input.end || !isIsoDate(input.end)) {
    errors.end = PERIOD_MESSAGES.endRequired;
  } else if (isIsoDate(input.start)) {
    const days = daysBetween(input.start, input.end);
    if (days < 0) errors.end = PERIOD_MESSAGES.endBeforeStart;
    else if (days >= WIZARD.weeksMax * 7) errors.end = PERIOD_MESSAGES.tooLong;
  }
  return errors;
}
