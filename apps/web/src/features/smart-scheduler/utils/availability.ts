import {
  studyWindowMinutes,
  WEEKDAYS,
  type WIZARD,
  type WizardAvailability,
} from '@studybuddy/contracts';
import { fromMinutes, toMinutes } from './dates';

export type SessionLength = (typeof WIZARD.sessionLengths)[number];

/** Step 2 inputs, one value per weekday (index 0 = Monday ... 6 = Sunday). */
export interface AvailabilityInput {
  /** Study days; all are selected by default. */
  days: boolean[];
  /** Available hours on each day, 0 to 24. */
  hours: number[];
  /** When study starts on every study day, 16:00 to 20:00 in 30-minute steps. */
  startTime: string;
}

export const HOUR_CHOICES: readonly number[] = Array.from({ length: 25 }, (_, h) => h);

const DAY_END = 24 * 60;

/**
 * The seven per-day entries the server wants (Monday first, as the contract's WEEKDAYS).
 * A study day's window starts at the start time and lasts its available hours plus the breaks
 * between runs of sessions (studyWindowMinutes), cut at 24:00, so "3 h from 17:00" holds 3 h of
 * sessions; its free slots are the clock hours that window touches. A day that is not a study day, or
 * has 0 hours, has no free slot and 0 hours; its window is start + session length, which only
 * keeps the entry well-formed (the end must follow the start).
 */
export function toAvailability(
  input: AvailabilityInput,
  sessionLength: SessionLength,
): WizardAvailability {
  const start = toMinutes(input.startTime);
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
      endTime: fromMinutes(windowEnd),
      slots,
    };
  });
}

/** Study hours a week the inputs give (each day cut at 24:00). */
export function weeklyHours(input: AvailabilityInput): number {
  const start = toMinutes(input.startTime);
  return input.days.reduce((sum, on, i) => {
    if (!on) return sum;
    const end = Math.min(start + (input.hours[i] ?? 0) * 60, DAY_END);
    return sum + (end - start) / 60;
  }, 0);
}
