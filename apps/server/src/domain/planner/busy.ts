/**
 * The student's busy time (lectures, work shifts) on dated days (docs/planner.md, Busy time):
 * half-hour masks per day of the period, and each day's template with them taken out. Pure.
 */
import {
  allowedHalfHours,
  HALF_HOURS,
  parseClock,
  touchedHalfHours,
  weekdayOf,
} from '@studybuddy/contracts';
import { dayNumber } from './dates.js';
import { type DayTemplate, dayTemplate } from './model.js';
import type { PlannerInput } from './types.js';
import type { Wishes } from './wishes.js';

/**
 * Busy half-hours (0-47) of each day of the period that has busy time, by day offset from `p0`:
 * a half-hour touched by a busy interval is not free (touchedHalfHours, the study week's rule).
 * Intervals outside the period, malformed or empty (end not after start) are ignored.
 */
export function busyHalfHours(
  busy: PlannerInput['busy'],
  p0: number,
  days: number,
): Map<number, boolean[]> {
  const out = new Map<number, boolean[]>();
  for (const b of busy ?? []) {
    const d = dayNumber(b.date) - p0;
    const start = parseClock(b.start);
    const end = parseClock(b.end);
    if (!(d >= 0 && d < days && end > start)) continue;
    let mask = out.get(d);
    if (!mask) {
      mask = new Array<boolean>(HALF_HOURS).fill(false);
      out.set(d, mask);
    }
    const { from, to } = touchedHalfHours(start, end);
    for (let h = from; h < to; h++) mask[h] = true;
  }
  return out;
}

/**
 * The template of each day of the period: its weekday's, or, on a day whose busy time takes
 * some of the weekday's allowed half-hours, its own (those half-hours out, packed the same way).
 */
export function templatesByDay(
  input: PlannerInput,
  wishes: Wishes,
  templates: DayTemplate[],
  p0: number,
  days: number,
): DayTemplate[] {
  const byDay: DayTemplate[] = [];
  for (let d = 0; d < days; d++) byDay.push(templates[weekdayOf(p0 + d)] as DayTemplate);
  // A weekly lecture gives the same mask every week: one template for all of them.
  const made = new Map<string, DayTemplate>();
  for (const [d, mask] of busyHalfHours(input.busy, p0, days)) {
    const w = weekdayOf(p0 + d);
    const key = `${w}:${mask.map(Number).join('')}`;
    let tpl = made.get(key);
    if (!tpl) {
      const { allowed } = allowedHalfHours(input.availability, w, wishes);
      tpl = allowed.some((a, h) => a && mask[h])
        ? dayTemplate(input, wishes, w, mask)
        : (templates[w] as DayTemplate);
      made.set(key, tpl);
    }
    byDay[d] = tpl;
  }
  return byDay;
}
