import type { DayTemplate } from '../../domain/planner/model.js';

/**
 * A day template for the planner's unit tests: places of `lens[i]` half-hours back to back from
 * 10:00, the day's hours their sum (none when empty: a day without places).
 */
export function dayOfPlaces(lens: number[]): DayTemplate {
  let start = 20;
  const places = lens.map((len) => {
    const p = { start, len };
    start += len;
    return p;
  });
  const hours = lens.reduce((s, l) => s + l, 0) / 2;
  return {
    enabled: lens.length > 0,
    hours,
    windowStart: 600,
    windowEnd: 1200,
    places,
    order: places.map((_, i) => i),
    capacity: hours,
    packable: hours,
  };
}
