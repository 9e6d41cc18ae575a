import { describe, expect, it } from 'vitest';
import { dayOfPlaces } from '../../testing/planner/day-template.js';
import { twoShorterForOne } from './two-for-one.js';

describe('twoShorterForOne', () => {
  // 1.5-h sessions. Subject 0 needs 3.5 h and holds two 1.5-h places (days 3, 4); subject 1
  // needs 1.5 h and holds the two 1-h places (days 0, 1), half an hour past its need, but may
  // not hold a session from day 3 on; subject 2 holds the 1.5-h place of day 2 (85,440,385 #222
  // in small: F, C and G).
  const lens = [[2], [2], [3], [3], [3]];
  const tplOf = (d: number) => dayOfPlaces(lens[d] ?? []);
  const owners = () => [[1], [1], [2], [0], [0]].map((d) => Int16Array.from(d));

  /** The move on a fresh copy of the plan, subject 1 needing `need1`; the owners after it. */
  const run = (need1: number) => {
    const o = owners();
    twoShorterForOne({
      tplOf,
      owners: o,
      needs: [3.5, need1, 1.5],
      movableBefore: [5, 3, 5],
      finalDay: [-1, -1, -1],
      examEnd: [0, 0, 0],
      takes: [true, true, true],
      sessionHours: 1.5,
    });
    return o.map((d) => Array.from(d));
  };

  it('takes the two shorter places, handing its longer one on through the third subject', () => {
    expect(run(1.5)).toEqual([[0], [0], [1], [2], [0]]);
  });

  it('leaves the plan when the subject over its need would fall below it', () => {
    expect(run(2)).toEqual([[1], [1], [2], [0], [0]]);
  });

  describe('into the last week of the subject over its need', () => {
    // 20 days, subject 1's exam on day 20 (its last week from day 13, its final review on day
    // `review`): two 1-h places (days 0, 1), six 1.5-h ones (days 2-7) and the review, 12.5 h
    // against a need of 12. Subject 0, without an exam, needs 3.5 h and holds 1.5-h places on
    // days 15 and 16, in subject 1's last week (161,803 #564 in small: F and E).
    const lens = (d: number) => (d < 2 ? [2] : [3]);
    const tplOf = (d: number) => dayOfPlaces(lens(d));
    const run = (review: number) => {
      const who = (d: number) => (d < 8 || d === review ? 1 : d === 15 || d === 16 ? 0 : -1);
      const o = Array.from({ length: 20 }, (_, d) => Int16Array.from([who(d)]));
      twoShorterForOne({
        tplOf,
        owners: o,
        needs: [3.5, 12],
        movableBefore: [20, 13],
        finalDay: [-1, review],
        examEnd: [0, 20],
        takes: [true, true],
        sessionHours: 1.5,
      });
      return [0, 1, 15, 16].map((d) => o[d]?.[0]);
    };

    it('hands it the longer place before its final review, within its M8 limits', () => {
      expect(run(18)).toEqual([0, 0, 1, 0]);
    });

    it('never past its final review', () => {
      expect(run(14)).toEqual([1, 1, 0, 0]);
    });
  });
});
