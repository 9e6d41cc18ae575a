import { WIZARD } from '@studybuddy/contracts';
import { addDays, isIsoDate } from './dates';

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

/** In weeks mode the period ends on start + weeks*7 - 1 days: its last day is included. */
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
