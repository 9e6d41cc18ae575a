import { calendarWeeks } from '@studybuddy/contracts';
import { describe, expect, it } from 'vitest';
import { dayOfPlaces } from '../../testing/planner/day-template.js';
import { repairWeekCap, WeekCap } from './week-cap.js';

const DAYS = 28;

/** Every day one 1-h place; subject 1 on days 0-4, subject 0 on days 8-13 (its last week). */
function plan(): Int16Array[] {
  const own = Array.from({ length: DAYS }, () => new Int16Array(1).fill(-1));
  for (const d of [0, 1, 2, 3, 4]) (own[d] as Int16Array)[0] = 1;
  for (const d of [8, 9, 10, 11, 12, 13]) (own[d] as Int16Array)[0] = 0;
  return own;
}

describe('repairWeekCap', () => {
  it('hands a forced last week’s buffer session on into a later exam’s earlier place', () => {
    const own = plan();
    const day = dayOfPlaces([2]);
    // 5 h in every 7-day window: days 7-13 hold 6, subject 0's last week (exam on day 14), and
    // every window before it is full with subject 1 (exam on day 28), which has room after.
    const cap = new WeekCap(new Array(DAYS).fill(1), 5 / 7);
    repairWeekCap(() => day, own, cap, [4, 3], [13, 27], [7, 21], [14, 28], 1, false, {
      steady: [0, 0],
      calendar: calendarWeeks(0, DAYS),
    });
    const hours = (k: number) => own.filter((o) => o[0] === k).length;
    // Subject 0 keeps its buffer: it takes subject 1's place on day 4, whose session moves to
    // day 15, after the full windows. It used to lose the session of day 11.
    expect(hours(0)).toBe(6);
    expect(hours(1)).toBe(5);
    expect(own.map((o) => o[0]).slice(0, 16)).toEqual([
      1, 1, 1, 1, 0, -1, -1, -1, 0, 0, 0, -1, 0, 0, -1, 1,
    ]);
    for (let a = 0; a < cap.limit.length; a++)
      expect(cap.used[a]).toBeLessThanOrEqual((cap.limit[a] as number) + 1e-9);
  });
});
