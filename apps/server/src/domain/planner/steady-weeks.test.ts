import { calendarWeeks } from '@studybuddy/contracts';
import { describe, expect, it } from 'vitest';
import { ONE_PLACE_DAY } from '../../testing/planner/fixtures.js';
import type { DayTemplate } from './model.js';
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
    sessionHours: 2,
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

  // Seed 900,001 #31: L = 1.5 h; Mondays hold one 1-h place (the day's hours stop at 1), Fridays
  // one 1.5-h place; 1-h sessions every Monday and a 1.5-h one on the last Friday.
  const shortDay: DayTemplate = { ...day, hours: 1, places: [{ start: 20, len: 2 }], capacity: 1 };
  const fullDay: DayTemplate = {
    ...day,
    hours: 1.5,
    places: [{ start: 20, len: 3 }],
    capacity: 1.5,
  };
  const noDay: DayTemplate = { ...day, enabled: false, places: [], order: [], capacity: 0 };
  const mondaysAndFridays = (d: number) => (d % 7 === 0 ? shortDay : d % 7 === 4 ? fullDay : noDay);
  const hoursOf = (own: Int16Array[], k: number) =>
    [0, 1, 2, 3].map((w) =>
      own
        .slice(7 * w, 7 * w + 7)
        .reduce(
          (x, o, i) =>
            x + (o[0] === k ? (mondaysAndFridays(7 * w + i).places[0]?.len ?? 0) / 2 : 0),
          0,
        ),
    );

  it('recuts shorter sessions into full ones of the same hours where no session can move', () => {
    const own = plan([[0, 7, 14, 21, 25]]);
    even(own, { tplOf: mondaysAndFridays, sessionHours: 1.5 });
    // 1, 1, 1, 2.5 h: three Mondays' 3 h make two Fridays' 1.5-h sessions, in the lightest weeks.
    expect(hoursOf(own, 0)).toEqual([1, 1.5, 1.5, 1.5]);
    expect(own.flatMap((o, d) => (o[0] === 0 ? [d] : []))).toEqual([0, 11, 18, 25]);
  });

  it('leaves the shorter sessions where the cap has no room for the full ones', () => {
    const own = plan([[0, 7, 14, 21, 25]]);
    even(own, { tplOf: mondaysAndFridays, sessionHours: 1.5, cap: fullCap });
    expect(hoursOf(own, 0)).toEqual([1, 1, 1, 2.5]);
  });
});
