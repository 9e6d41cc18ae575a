import { describe, expect, it } from 'vitest';
import type { DayTemplate } from './model.js';
import { repairGaps } from './repair.js';

/** A day with `n` two-hour places. */
function day(n: number): DayTemplate {
  const places = Array.from({ length: n }, (_, i) => ({ start: 20 + 5 * i, len: 4 }));
  return {
    enabled: true,
    hours: 2 * n,
    windowStart: 600,
    windowEnd: 1200,
    places,
    order: places.map((_, i) => i),
    capacity: 2 * n,
    packable: 2 * n,
  };
}

/** Owners for `days` days of `places` places, with `sessions[k]` the days of subject k. */
function owners(days: number, places: number, sessions: number[][]): Int16Array[] {
  const out = Array.from({ length: days }, () => new Int16Array(places).fill(-1));
  sessions.forEach((list, k) => {
    for (const d of list) {
      const own = out[d] as Int16Array;
      own[own.indexOf(-1)] = k;
    }
  });
  return out;
}

const studyDays = (own: Int16Array[], k: number) =>
  own.flatMap((o, d) => (o.includes(k) ? [d] : []));
const maxGap = (days: number[]) =>
  Math.max(...days.slice(1).map((d, i) => d - (days[i] as number)));
const count = (own: Int16Array[], k: number) =>
  own.reduce((n, o) => n + o.filter((x) => x === k).length, 0);

describe('repairGaps', () => {
  it('moves a session into a gap over twice the median, keeping its hours', () => {
    const own = owners(40, 1, [[0, 2, 4, 6, 8, 20, 22, 24, 26]]);
    repairGaps(() => day(1), own, [40]);
    const days = studyDays(own, 0);
    expect(count(own, 0)).toBe(9);
    expect(maxGap(days)).toBeLessThanOrEqual(7);
  });

  it('swaps with another subject when the day is full, only if that one stays regular', () => {
    // Subject 1 fills every day in the gap; it has sessions every day, so it can give one up.
    const gapDays = [9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19];
    const own = owners(30, 1, [[0, 2, 4, 6, 8, 20, 22, 24, 26], gapDays]);
    for (let d = 0; d < 30; d++)
      if (!gapDays.includes(d) && (own[d] as Int16Array)[0] === -1) (own[d] as Int16Array)[0] = 2;
    repairGaps(() => day(1), own, [30, 30, 30]);
    expect(count(own, 0)).toBe(9);
    expect(count(own, 1)).toBe(gapDays.length);
    expect(maxGap(studyDays(own, 0))).toBeLessThanOrEqual(7);
    expect(maxGap(studyDays(own, 1))).toBeLessThanOrEqual(7);
  });

  it('never moves a session from or to the days a subject must keep', () => {
    const own = owners(40, 1, [[0, 2, 4, 6, 8, 20, 22, 24, 26]]);
    const before = own.map((o) => [...o]);
    // Everything from day 5 on is fixed (final review, last week before the exam).
    repairGaps(() => day(1), own, [5]);
    expect(own.map((o) => [...o])).toEqual(before);
  });
});
