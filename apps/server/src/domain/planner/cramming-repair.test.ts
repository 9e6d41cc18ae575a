import { describe, expect, it } from 'vitest';
import { dayOfPlaces } from '../../testing/planner/day-template.js';
import { repairCramming } from './cramming-repair.js';
import { item } from './typed.js';

/** A day with `n` two-hour places (none when 0). */
const day = (n: number) => dayOfPlaces(new Array<number>(n).fill(4));

/** Days of the given owners (-1 free), one array per day. */
const plan = (days: number[][]): Int16Array[] => days.map((d) => Int16Array.from(d));
const daysOf = (own: Int16Array[], k: number) => own.flatMap((o, d) => (o.includes(k) ? [d] : []));
const count = (own: Int16Array[], k: number) =>
  own.reduce((n, o) => n + o.filter((x) => x === k).length, 0);
/** Subject k's hours on days from..to-1, in the 2-h places of `day`. */
const hoursOn = (own: Int16Array[], k: number, from: number, to: number) =>
  2 * count(own.slice(from, to), k);

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

describe('repairCramming, a trade into the last days of an exam already past its limits', () => {
  // Subject 1 (exam on day 14, 8 h) holds 6 h in its last 3 days against 4 allowed, its final
  // review on day 12; subject 0 (exam on day 19, 10 h) holds all of them in its last week, one
  // session on 1's review day. 0's session there may trade with 1's on day 11: 1's last 3 days
  // hold what they held (94,147,329 #603).
  const own = () =>
    plan(
      Array.from({ length: 19 }, (_, d) => {
        if (d === 5) return [1];
        if (d === 11) return [1, 1];
        if (d === 12) return [1, 0];
        return d >= 15 ? [0] : [];
      }),
    );

  it('takes the trade when that exam passes its limits by no more hours', () => {
    const o = own();
    repairCramming(
      (d) => day(o[d]?.length ?? 0),
      o,
      Float64Array.from([19, 14]),
      [-1, 12],
      Int32Array.from([0, 4]),
      2,
      Int32Array.from([12, 7]),
      [10, 8],
    );
    expect(daysOf(o, 0)).toEqual([11, 15, 16, 17, 18]);
    expect(Array.from(o[12] ?? [])).toEqual([1, 1]);
    expect(count(o, 1)).toBe(4);
  });
});

describe('repairCramming, two sessions on a day another subject shares', () => {
  // Subject 0's exam on day 14, its final review on day 13: its sessions on days 2 and 6, and
  // two on day 12 among four of subject 1 (no exam), 6 h in its last 3 days against 4 allowed.
  // Subject 1 holds every other place. One of 0's sessions on day 12 traded alone would leave
  // five of 1 beside one of 0, a run of three (85,794,996 #698); both go at once.
  const own = () =>
    plan(
      Array.from({ length: 14 }, (_, d) => {
        if (d === 12) return [1, 1, 0, 1, 0, 1];
        return [2, 6, 13].includes(d) ? [0] : [1];
      }),
    );

  it('trades both for two earlier places of that subject', () => {
    const o = own();
    repairCramming(
      (d) => day(d === 12 ? 6 : 1),
      o,
      Float64Array.from([14, Number.NaN]),
      [13, -1],
      Int32Array.from([4, 0]),
      2,
      Int32Array.from([7, 14]),
      [10, 20],
    );
    expect(daysOf(o, 0).filter((d) => d >= 11)).toEqual([13]);
    expect(count(o, 0)).toBe(5);
    expect(Array.from(item(o, 12))).toEqual([1, 1, 1, 1, 1, 1]);
  });
});

describe('repairCramming, a hand-on through a third exam', () => {
  // Subject 0's exam on day 21 (10 h, its need, its final review on day 20): days 16-20, over
  // both limits. Subject 1 (exam on day 16, 16 h, its review on day 15) holds days 8-12 and three
  // places on day 15, already past its last 3 days' limit (6 h against 4). Subject 2 (exam on
  // day 29) holds day 14, subject 3 (no exam) every other day: no place is free. The last run's
  // hand-on would give 0 the place of 1 on day 12, 1 the place of 2 on day 14 and 2 the late
  // place: 1 deeper into its last 3 days (65,877,277 #381).
  const own = () =>
    plan(
      Array.from({ length: 30 }, (_, d) => {
        if (d === 15) return [1, 1, 1];
        if (d >= 16 && d <= 20) return [0];
        if (d === 14) return [2];
        return d >= 8 && d <= 12 ? [1] : [3];
      }),
    );

  it('does not hand the first exam deeper into its last days', () => {
    const o = own();
    repairCramming(
      (d) => day(d === 15 ? 3 : 1),
      o,
      Float64Array.from([21, 16, 29, Number.NaN]),
      [20, 15, -1, -1],
      Int32Array.from([4, 4, 0, 0]),
      2,
      Int32Array.from([14, 9, 23, 0]),
      [10, 16, 2, 36],
      true,
    );
    expect(hoursOn(o, 1, 13, 16)).toBe(6);
    expect(count(o, 1)).toBe(8);
  });
});
