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
});
