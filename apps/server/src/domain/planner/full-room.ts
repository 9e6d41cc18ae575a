/**
 * A shorter place that eats the room a full session needs (docs/planner.md, stage 6). Under the
 * weekly cap a 7-day window holds whole places: when a shorter place takes a window from a full
 * session of room to less, while a later day of that window still has a full place free, the
 * window ends a shorter session's hours under what it could hold, and every window after it
 * repeats the pattern (seed 94,147,329 #850: 1-h Wednesdays and Sundays beside 1.5-h places
 * under a cap of 6.4 h, every window held 5 h and no 1.5-h Tuesday fitted; the front-loaded plan
 * held 20 h of its first four weeks against 21.5 off). In both modes: held back in the
 * front-loaded plan alone, it booked more than the plain one (seed 2,386,921 #222, 2-h sessions
 * and 1-h places: 42 h on against 39 off, M10's totals); the cap wastes room either way.
 */
import type { DayTemplate } from './model.js';
import type { WeekCap } from './week-cap.js';

const EPS = 1e-9;

/**
 * Whether `hours` more on day d (a place shorter than `L`) takes a window around d from room for
 * a session of `L` to less, while a day of that window after d has a place of `L` free. The day
 * loop fills days in order, so the later days' places are free unless reserved.
 */
export function shortPlaceBlocksFull(
  cap: WeekCap,
  tplOf: (day: number) => DayTemplate,
  owners: readonly Int16Array[],
  d: number,
  hours: number,
  L: number,
): boolean {
  if (hours >= L - EPS) return false;
  const full = Math.round(2 * L);
  const hi = Math.min(d, cap.limit.length - 1);
  for (let a = Math.max(0, d - 6); a <= hi; a++) {
    const room = (cap.limit[a] as number) - (cap.used[a] as number);
    if (room < L - EPS || room - hours >= L - EPS) continue;
    for (let e = d + 1; e < Math.min(a + 7, owners.length); e++) {
      const own = owners[e] as Int16Array;
      const places = tplOf(e).places;
      for (let i = 0; i < own.length; i++)
        if (own[i] === -1 && places[i]?.len === full) return true;
    }
  }
  return false;
}
