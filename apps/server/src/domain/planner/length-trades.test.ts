import { describe, expect, it } from 'vitest';
import { dayOfPlaces } from '../../testing/planner/day-template.js';
import { handOverAndTradeBack, tradeFinalReviewLength, tradeLengths } from './length-trades.js';
import type { DayTemplate } from './model.js';

/** A day of one 1.5-h place and one shorter 1-h place (its hours run out mid-session). */
function day(): DayTemplate {
  const places = [
    { start: 20, len: 3 },
    { start: 27, len: 2 },
  ];
  return {
    enabled: true,
    hours: 2.5,
    windowStart: 600,
    windowEnd: 900,
    places,
    order: [0, 1],
    capacity: 2.5,
    packable: 2.5,
  };
}

/**
 * Ten days. Subject 0 (no exam) is half an hour short and holds the short place of day 9;
 * subject 2 (an early exam, movable before day 3) holds half an hour past its need; subject 1
 * is at its need, with a short place on day 0; subject 3 fills places early.
 */
function plan(): Int16Array[] {
  const own = Array.from({ length: 10 }, () => new Int16Array(2).fill(-1));
  const put = (d: number, i: number, k: number) => {
    (own[d] as Int16Array)[i] = k;
  };
  put(0, 0, 3);
  put(0, 1, 1);
  put(1, 0, 2);
  put(2, 0, 2);
  put(3, 0, 2);
  put(5, 0, 1);
  put(7, 0, 0);
  put(8, 0, 1);
  put(9, 0, 3);
  put(9, 1, 0);
  return own;
}

const hoursOf = (own: Int16Array[], k: number) =>
  own.reduce((h, o) => h + (o[0] === k ? 1.5 : 0) + (o[1] === k ? 1 : 0), 0);
const movableBefore = [10, 10, 4, 4];
const keep = [-1, -1, -1, -1];
const takes = [true, true, true, true];

describe('tradeLengths', () => {
  it('hands a longer place on through a subject at its need when no direct trade reaches the short one', () => {
    const own = plan();
    // Hours 2.5, 4, 4.5 and 3 against needs of 3, 4, 4 and 3.
    tradeLengths(() => day(), own, [3, 4, 4, 3], movableBefore, keep, takes);
    expect([0, 1, 2, 3].map((k) => hoursOf(own, k))).toEqual([3, 4, 4, 3]);
    // Each subject keeps its number of sessions.
    const sessions = (k: number) => own.reduce((n, o) => n + o.filter((x) => x === k).length, 0);
    expect([0, 1, 2, 3].map(sessions)).toEqual([2, 3, 3, 2]);
  });

  it('changes nothing when no subject in reach is over its need', () => {
    const own = plan();
    tradeLengths(() => day(), own, [3, 4, 4.5, 3], movableBefore, keep, takes);
    expect(own).toEqual(plan());
  });
});

describe('tradeLengths, beside a session of the short subject', () => {
  /**
   * Ten days. Subject 0 is half an hour short, with 1-h sessions on days 2, 5 and 7; subject 1
   * is half an hour over, its 1.5-h places only on days 2 and 7, beside subject 0's sessions.
   */
  function besidePlan(): Int16Array[] {
    const own = Array.from({ length: 10 }, () => new Int16Array(2).fill(-1));
    for (const d of [2, 5, 7]) (own[d] as Int16Array)[1] = 0;
    for (const d of [2, 7]) (own[d] as Int16Array)[0] = 1;
    return own;
  }
  const mov = [10, 10];
  const none = [-1, -1];

  it('gives the short subject a longer place on a day that holds one of its sessions', () => {
    const own = besidePlan();
    tradeLengths(() => day(), own, [3.5, 2.5], mov, none, [true, true]);
    expect([0, 1].map((k) => hoursOf(own, k))).toEqual([3.5, 2.5]);
    expect(Array.from(own[2] as Int16Array)).toEqual([0, 0]);
    expect(Array.from(own[5] as Int16Array)).toEqual([-1, 1]);
  });

  it('takes a day without the short subject first', () => {
    const own = besidePlan();
    (own[8] as Int16Array)[0] = 1;
    tradeLengths(() => day(), own, [3.5, 4], mov, none, [true, true]);
    expect([0, 1].map((k) => hoursOf(own, k))).toEqual([3.5, 4]);
    expect(Array.from(own[8] as Int16Array)).toEqual([0, -1]);
    expect(Array.from(own[2] as Int16Array)).toEqual([1, 0]);
  });
});

describe('tradeLengths, onto a day left to the short subject', () => {
  /** A day of three 1.5-h places and a shorter 1-h place. */
  function threeDay(): DayTemplate {
    return {
      ...day(),
      hours: 5.5,
      places: [
        { start: 20, len: 3 },
        { start: 23, len: 3 },
        { start: 27, len: 3 },
        { start: 30, len: 2 },
      ],
      order: [0, 1, 2, 3],
      capacity: 5.5,
      packable: 5.5,
    };
  }
  /**
   * Four days. Subject 0, half an hour short, holds day 1's 1-h place and two 1.5-h places of
   * day 2; subject 1, half an hour over, holds the third 1.5-h place of day 2.
   */
  function ownDayPlan(): Int16Array[] {
    const own = Array.from({ length: 4 }, () => new Int16Array(4).fill(-1));
    (own[1] as Int16Array)[3] = 0;
    (own[2] as Int16Array).set([0, 0, 1, -1]);
    return own;
  }
  const hours3 = (own: Int16Array[], k: number) =>
    own.reduce((h, o) => h + o.reduce((x, s, i) => x + (s === k ? (i === 3 ? 1 : 1.5) : 0), 0), 0);

  it("takes the other subject's one session on a day of its own two (seed 3,141,592 #994)", () => {
    const own = ownDayPlan();
    tradeLengths(() => threeDay(), own, [4.5, 1], [4, 4], [-1, -1], [true, true]);
    expect([0, 1].map((k) => hours3(own, k))).toEqual([4.5, 1]);
    expect(Array.from(own[2] as Int16Array)).toEqual([0, 0, 0, -1]);
    expect(Array.from(own[1] as Int16Array)).toEqual([-1, -1, -1, 1]);
  });

  it('leaves a day that would still hold another subject', () => {
    const own = ownDayPlan();
    (own[2] as Int16Array)[3] = 2;
    const before = own.map((o) => o.slice());
    tradeLengths(() => threeDay(), own, [4.5, 1, 1], [4, 4, 4], [-1, -1, -1], [true, true, true]);
    expect(own).toEqual(before);
  });
});

describe('tradeLengths, last run', () => {
  /**
   * Sixteen days, subject 0's exam on day 16 (movable before day 9, final review on day 14), half
   * an hour short; subject 1 (no exam) half an hour over, its 1.5-h places all in subject 0's last
   * week and each beside a 1-h session of subject 0.
   */
  function lastWeekPlan(): Int16Array[] {
    const own = Array.from({ length: 16 }, () => new Int16Array(2).fill(-1));
    const put = (d: number, i: number, k: number) => {
      (own[d] as Int16Array)[i] = k;
    };
    for (const d of [0, 4, 14]) put(d, 0, 0);
    put(2, 1, 0);
    for (const d of [10, 12, 13]) {
      put(d, 0, 1);
      put(d, 1, 0);
    }
    return own;
  }
  const needs = [9, 4];
  const movable = [9, 16];
  const reviews = [14, -1];

  it('lets the short subject take a longer place in its last week, beside a session of its own', () => {
    const own = lastWeekPlan();
    const lastDays = { examEnd: [16, 0], sessionHours: 1.5 };
    tradeLengths(() => day(), own, needs, movable, reviews, [true, true], lastDays);
    expect([0, 1].map((k) => hoursOf(own, k))).toEqual([9, 4]);
    // Its 1-h place of day 2 went to subject 1; day 10 now holds two of its sessions.
    expect(Array.from(own[2] as Int16Array)).toEqual([-1, 1]);
    expect(Array.from(own[10] as Int16Array)).toEqual([0, 0]);
  });

  it('keeps the short subject out of its last week before the last run', () => {
    const own = lastWeekPlan();
    tradeLengths(() => day(), own, needs, movable, reviews, [true, true]);
    expect(own).toEqual(lastWeekPlan());
  });
});

describe('tradeFinalReviewLength', () => {
  /**
   * Subject 0's exam is on day 9; its final review holds the short place of day 8, and it is half
   * an hour short. Subject 1 (exam on day 20) holds a full place on day 7, half an hour past its
   * need; subject 2 has no exam.
   */
  function reviewPlan(): Int16Array[] {
    const own = Array.from({ length: 10 }, () => new Int16Array(2).fill(-1));
    (own[2] as Int16Array)[0] = 0;
    (own[8] as Int16Array)[0] = 2;
    (own[8] as Int16Array)[1] = 0;
    (own[3] as Int16Array)[0] = 1;
    (own[7] as Int16Array)[0] = 1;
    return own;
  }
  const reviews = () => ({
    finalDay: [8, -1, -1],
    finalLen: Int32Array.from([2, 0, 0]),
    examEnd: Int32Array.from([9, 20, 0]),
  });

  it("moves a short subject's review to a longer place of a subject over its need, within the 3 days before its exam", () => {
    const own = reviewPlan();
    const r = reviews();
    tradeFinalReviewLength(() => day(), own, [3, 2.5, 1.5], [6, 13, 10], r, [true, true, true]);
    expect(Array.from(own[7] as Int16Array)).toEqual([0, -1]);
    expect(Array.from(own[8] as Int16Array)).toEqual([2, 1]);
    expect(r.finalDay[0]).toBe(7);
    expect(r.finalLen[0]).toBe(3);
  });

  it('leaves the review where it is when the other subject would fall below its need', () => {
    const own = reviewPlan();
    const r = reviews();
    tradeFinalReviewLength(() => day(), own, [3, 3, 1.5], [6, 13, 10], r, [true, true, true]);
    expect(own).toEqual(reviewPlan());
    expect(r).toEqual(reviews());
  });
});

describe('handOverAndTradeBack, the final review with a subject at its need', () => {
  /** Days of 1.5-h places (3 half-hours) and 1-h places (2). */
  const days = [[3, 3], [3, 3, 3], [3, 3], [2], [3], []].map(dayOfPlaces);
  const tpl = (d: number) => days[d] as DayTemplate;
  /** Subject 0's 1-h final review on day 3; the others without one. */
  const reviewsAtStart = () => ({
    finalDay: [3, -1, -1],
    finalLen: Int32Array.from([2, 0, 0]),
    examEnd: Int32Array.from([5, 7, 9]),
  });
  /**
   * Subject 0's exam is on day 5, its 1-h final review on day 3, 4 of 4.5 h. Subject 1 (at its
   * need, movable before day 4) holds both 1.5-h places of day 2 and two of day 1's; subject 2,
   * half an hour over its need, the third place of day 1 and day 4's.
   */
  function reviewPlan(): Int16Array[] {
    return [[0, 0], [1, 2, 1], [1, 1], [0], [2], []].map((o) => Int16Array.from(o));
  }
  const hoursOf = (own: Int16Array[], k: number) =>
    own.reduce(
      (h, o, d) =>
        h + o.reduce((x, s, i) => x + (s === k ? (days[d]?.places[i]?.len ?? 0) / 2 : 0), 0),
      0,
    );

  it('moves the review into a place of the subject at its need, which wins it back (seed 3,141,592 #994)', () => {
    const own = reviewPlan();
    const reviews = reviewsAtStart();
    handOverAndTradeBack(tpl, own, [4.5, 6, 2.5], [3, 4, 6], reviews, [true, true, true], 1.5);
    expect([0, 1, 2].map((k) => hoursOf(own, k))).toEqual([4.5, 6, 2.5]);
    expect(reviews.finalDay[0]).toBe(2);
    expect(reviews.finalLen[0]).toBe(3);
    expect(own.map((o) => Array.from(o))).toEqual([[0, 0], [1, 1, 1], [0, 1], [2], [2], []]);
  });

  it('leaves the review where it is when the subject at its need cannot win the half hour back', () => {
    const own = reviewPlan();
    const reviews = reviewsAtStart();
    // Subject 2 is at its need: nobody has the half hour to give.
    handOverAndTradeBack(tpl, own, [4.5, 6, 3], [3, 4, 6], reviews, [true, true, true], 1.5);
    expect(own).toEqual(reviewPlan());
    expect(reviews.finalDay[0]).toBe(3);
  });
});

describe('handOverAndTradeBack, a giver at its need', () => {
  // 2-h sessions: days 0 and 1 of one 1-h place, days 2-4 of one 2-h place. Subject 0 holds
  // days 3 and 4, an hour short of 5 h; subject 1, at its need of 2 h, the two 1-h places;
  // subject 2 day 2, an hour past its need (35,226,330 #939 in small: H, B and G).
  const days = [[2], [2], [4], [4], [4]].map(dayOfPlaces);
  const run = (need2: number) => {
    const own = [[1], [1], [2], [0], [0]].map((o) => Int16Array.from(o));
    handOverAndTradeBack(
      (d) => days[d] as DayTemplate,
      own,
      [5, 2, need2],
      [5, 5, 5],
      { finalDay: [-1, -1, -1], finalLen: new Int32Array(3), examEnd: new Int32Array(3) },
      [true, true, true],
      2,
    );
    return own.map((o) => o[0]);
  };

  it('takes its place where it wins its loss back by a trade of lengths', () => {
    expect(run(1)).toEqual([0, 2, 1, 0, 0]);
  });

  it('leaves the plan when no trade wins the loss back', () => {
    expect(run(2)).toEqual([1, 1, 2, 0, 0]);
  });
});
