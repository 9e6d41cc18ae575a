/** A day's places in hours (docs/planner.md, Places). Pure, no I/O. */
import type { DayTemplate } from './model.js';

/** Places are counted in half-hours. */
export const HALF_HOURS_PER_HOUR = 2;

/** Hours of place i of a day (0 when there is none). */
export function placeHours(tpl: DayTemplate, i: number): number {
  return (tpl.places[i]?.len ?? 0) / HALF_HOURS_PER_HOUR;
}
