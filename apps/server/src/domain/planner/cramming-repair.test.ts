import { describe, expect, it } from 'vitest';
import { dayOfPlaces } from '../../testing/planner/day-template.js';
import { repairCramming } from './cramming-repair.js';

/** A day with `n` two-hour places (none when 0). */
const day = (n: number) => dayOfPlaces(new Array<number>(n).fill(4));

/** Days of the given owners (-1 free), one array per day. */
const plan = (days: number[][]): Int16Array[] => days.map((d) => Int16Array.from(d));
const daysOf = (own: Int16Array[], k: number) => own.flatMap((o, d) => (o.includes(k) ? [d] : []));
const count = (own: Int16Array[], k: number) =>
  own.reduce((n, o) => n + o.filter((x) => x === k).length, 0);

describe('repairCramming, a last week the deadline forces full', () => {
  // Subject 0's exam on day 21: subject 1 (exam on day 14) holds every place before 0's last
  // week, so none of 0's four 2-h sessions can leave it (8 h there against 5.3 allowed), and
  // 6 h stand in its last 3 days against 4 allowed while days 15-17 are free.
  const own = () =>
    plan(
      Array.from({ length: 21 }, (_, d) =>
        d < 14 ? [1] : [14, 18, 19, 20].includes(d) ? [0] : [-1],
      ),
    );

  it('moves a session of the last 3 days before them, inside the last week', () => {
    const o = own();
    repairCramming(
      () => day(1),
      o,
      Float64Array.from([21, 14]),
      [-1, -1],
      new Int32Array(2),
      2,
      Int32Array.from([14, 7]),
      [8, 28],
    );
    expect(count(o, 0)).toBe(8 / 2);
    expect(daysOf(o, 0)).toEqual([14, 17, 18, 19]);
    expect(count(o, 1)).toBe(14);
  });
});

describe('repairCramming, another exam already past its limits', () => {
  // Subject 1 (exam on day 20, 12 h) holds 6 h in its last 3 days against 4 allowed, the
  // deadline of subject 0 (exam on day 24, 8 h, all in its last week) crowding it; subject 2,
  // without an exam, holds every other place before them. A push of one of 1's sessions into
  // its free place on day 18 would give 0 an earlier place and cram 1 deeper.
  const own = () =>
    plan(
      Array.from({ length: 24 }, (_, d) => {
        if (d === 18) return [1, -1];
        if ([5, 13, 16, 17, 19].includes(d)) return [1];
        return d >= 20 ? [0] : [2];
      }),
    );
  const hoursOn = (o: Int16Array[], k: number, from: number, to: number) =>
    2 * o.slice(from, to).reduce((n, x) => n + x.filter((y) => y === k).length, 0);

  it('does not push its session deeper into its last days', () => {
    const o = own();
    repairCramming(
      (d) => day(d === 18 ? 2 : 1),
      o,
      Float64Array.from([24, 20, Number.NaN]),
      [-1, -1, -1],
      new Int32Array(3),
      2,
      Int32Array.from([17, 13, 0]),
      [8, 12, 28],
    );
    expect(hoursOn(o, 1, 17, 20)).toBe(6);
    expect(hoursOn(o, 1, 13, 20)).toBe(10);
    expect(count(o, 0)).toBe(4);
    expect(count(o, 1)).toBe(6);
  });
});
