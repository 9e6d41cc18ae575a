import { calendarWeeks } from '@studybuddy/contracts';
import { describe, expect, it } from 'vitest';
import { ONE_PLACE_DAY } from '../../testing/planner/fixtures.js';
import type { LoadRoom } from './repair.js';
import { evenSteadyWeeks, type SteadyWeeksInput } from './steady-weeks.js';

const day = ONE_PLACE_DAY;

/** Four weeks; `sessions[k]` the days of subject k. */
function plan(sessions: number[][]): Int16Array[] {
  const own = Array.from({ length: 28 }, () => new Int16Array(1).fill(-1));
  sessions.forEach((days, k) => {
    for (const d of days) (own[d] as Int16Array)[0] = k;
  });
  return own;
}

const weeksOf = (own: Int16Array[], k: number) =>
  [0, 1, 2, 3].map((w) => own.slice(7 * w, 7 * w + 7).filter((o) => o[0] === k).length);
const noCap: LoadRoom = { fits: () => true, add: () => {} };
const fullCap: LoadRoom = { fits: () => false, add: () => {} };

/** The pass over `own` with subject 0 steady and subject 1 an exam, unless `over` says else. */
const even = (own: Int16Array[], over: Partial<SteadyWeeksInput> = {}) =>
  evenSteadyWeeks({
    tplOf: () => day,
    owners: own,
    steady: [1, 0],
    movableBefore: [28, 28],
    cap: noCap,
    calendar: calendarWeeks(0, 28),
    finalDay: [-1, -1],
    finalLen: [0, 0],
    ...over,
  });

describe('evenSteadyWeeks', () => {
  it("moves a steady subject's sessions out of a week over twice its median, to the nearest week", () => {
    // One session a week, then three in the last: 6 h against a median of 2.
    const own = plan([[0, 7, 14, 21, 22, 23]]);
    even(own);
    expect(weeksOf(own, 0)).toEqual([1, 1, 2, 2]);
  });

  it('trades places with an exam subject where the cap leaves no free place', () => {
    const own = plan([[0, 7, 14, 21, 22, 23], [15]]);
    even(own, { cap: fullCap });
    expect(weeksOf(own, 0)).toEqual([1, 1, 2, 2]);
    expect(weeksOf(own, 1)).toEqual([0, 0, 0, 1]);
  });

  it("leaves an exam subject's final review where it is", () => {
    const own = plan([[0, 7, 14, 21, 22, 23], [15]]);
    even(own, { cap: fullCap, finalDay: [-1, 15], finalLen: [0, 4] });
    expect(weeksOf(own, 0)).toEqual([1, 1, 1, 3]);
  });
});
