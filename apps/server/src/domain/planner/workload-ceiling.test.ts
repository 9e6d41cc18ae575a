import { calendarWeeks } from '@studybuddy/contracts';
import { describe, expect, it } from 'vitest';
import { dayOfPlaces } from '../../testing/planner/day-template.js';
import { trimPastCeiling, workloadCeiling } from './workload-ceiling.js';

/** A day of one 2-h place and one shorter 1-h place. */
const day = () => dayOfPlaces([4, 2]);

/** Subject 0 in the 2-h place of every given day, subject 1 in the 1-h place of day 0. */
function plan(days: number, subject0Days: number[]): Int16Array[] {
  const own = Array.from({ length: days }, () => new Int16Array(2).fill(-1));
  for (const d of subject0Days) (own[d] as Int16Array)[0] = 0;
  (own[0] as Int16Array)[1] = 1;
  return own;
}

const hoursOf = (own: Int16Array[], k: number) =>
  own.reduce((h, o) => h + (o[0] === k ? 2 : 0) + (o[1] === k ? 1 : 0), 0);

describe('trimPastCeiling', () => {
  it('drops the latest sessions of a subject past its need plus the buffer and a session', () => {
    // Need 6: ceiling 6 x 1.15 + 2 = 8.9; subject 0 holds 12 h in six 2-h sessions.
    expect(workloadCeiling(6, 2)).toBeCloseTo(8.9);
    const own = plan(14, [0, 2, 4, 6, 8, 10]);
    trimPastCeiling({
      tplOf: () => day(),
      owners: own,
      needs: Float64Array.from([6, 1]),
      finalDay: [-1, -1],
      sessionHours: 2,
      steady: [0, 0],
      calendar: calendarWeeks(0, 14),
    });
    expect(hoursOf(own, 0)).toBe(8);
    expect(own.map((o) => o[0])).toEqual([0, -1, 0, -1, 0, -1, 0, -1, -1, -1, -1, -1, -1, -1]);
    // The other subject, within its ceiling, keeps its session.
    expect(hoursOf(own, 1)).toBe(1);
  });

  it('keeps the final review and never goes below the need', () => {
    const own = plan(14, [0, 2, 4, 6, 8, 10]);
    trimPastCeiling({
      tplOf: () => day(),
      owners: own,
      needs: Float64Array.from([7.5, 1]),
      finalDay: [10, -1],
      sessionHours: 2,
      steady: [0, 0],
      calendar: calendarWeeks(0, 14),
    });
    // Ceiling 10.6: one session goes, the latest but the final review's (day 8).
    expect(own.map((o) => o[0])).toEqual([0, -1, 0, -1, 0, -1, 0, -1, -1, -1, 0, -1, -1, -1]);
  });
});
