import { calendarWeeks } from '@studybuddy/contracts';
import { describe, expect, it } from 'vitest';
import { closeLongGaps, type LongGapsState } from './long-gaps.js';
import type { DayTemplate } from './model.js';
import { gapExcess, type LoadRoom, repairGaps } from './repair.js';

/** A weekly cap with room everywhere. */
const noCap: LoadRoom = { fits: () => true, add: () => {} };

/** A day of one two-hour place. */
const oneTwoHourPlace: DayTemplate = {
  enabled: true,
  hours: 2,
  windowStart: 600,
  windowEnd: 1200,
  places: [{ start: 20, len: 4 }],
  order: [0],
  capacity: 2,
  packable: 2,
};

/** Owners for `days` days of one place, with `sessions[k]` the days of subject k. */
function owners(days: number, sessions: number[][]): Int16Array[] {
  const out = Array.from({ length: days }, () => Int16Array.of(-1));
  sessions.forEach((list, k) => {
    for (const d of list) (out[d] as Int16Array)[0] = k;
  });
  return out;
}

const studyDays = (own: Int16Array[], k: number) =>
  own.flatMap((o, d) => (o.includes(k) ? [d] : []));

function state(own: Int16Array[], S: number, overrides: Partial<LongGapsState> = {}) {
  return {
    tplOf: () => oneTwoHourPlace,
    owners: own,
    movableBefore: Array.from({ length: S }, () => own.length),
    keep: Array.from({ length: S }, () => -1),
    steady: Array.from({ length: S }, () => 0),
    calendar: calendarWeeks(0, own.length),
    cap: noCap,
    halves: {
      windowEnd: Array.from({ length: S }, () => own.length),
      refFirst: Array.from({ length: S }, () => Number.NaN),
      L: 2,
    },
    ...overrides,
  };
}

/**
 * Two early days, then a gap of 17 days, then a study day every day: moving an end of the gap
 * into it cannot close it.
 */
const lateAndDense = [0, 3, 20, 21, 22, 23, 24, 25, 26, 27];

describe('closeLongGaps', () => {
  it('closes a gap of weeks from the dense days, where moving its ends only shifts it', () => {
    const early = owners(40, [lateAndDense]);
    repairGaps(() => oneTwoHourPlace, early, [40]);
    expect(gapExcess(studyDays(early, 0))).toBeGreaterThan(0);

    const own = owners(40, [lateAndDense]);
    closeLongGaps(state(own, 1));
    const days = studyDays(own, 0);
    expect(days).toHaveLength(lateAndDense.length);
    expect(gapExcess(days)).toBeLessThanOrEqual(0);
  });

  it('moves nothing onto a day whose weekly cap is full', () => {
    const own = owners(40, [lateAndDense]);
    // Every 7-day window holding a day of the gap is full.
    const full: LoadRoom = { fits: (d) => d < 4 || d > 19, add: () => {} };
    closeLongGaps(state(own, 1, { cap: full }));
    expect(studyDays(own, 0)).toEqual(lateAndDense);
  });

  it('keeps the first half within half a session of its reference', () => {
    // Day 0 stays (its review): the gap can close only from the dense second half.
    const days = [0, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29];
    const open = owners(40, [days]);
    closeLongGaps(state(open, 1, { keep: [0] }));
    expect(studyDays(open, 0).filter((d) => d < 20).length).toBeGreaterThan(1);
    // 2 of 22 h in the first half (days 0-19) is its reference: a session moved there would put
    // 4 h in it, more than half a 2-h session over.
    const own = owners(40, [days]);
    const halves = { windowEnd: [40], refFirst: [2 / 22], L: 2 };
    closeLongGaps(state(own, 1, { keep: [0], halves }));
    expect(studyDays(own, 0)).toEqual(days);
  });

  it('exchanges places with a subject that studies every day of the gap, keeping its gaps', () => {
    const gap = Array.from({ length: 16 }, (_, i) => 4 + i);
    const own = owners(40, [lateAndDense, gap]);
    closeLongGaps(state(own, 2));
    expect(studyDays(own, 0)).toHaveLength(lateAndDense.length);
    expect(studyDays(own, 1)).toHaveLength(gap.length);
    expect(gapExcess(studyDays(own, 0))).toBeLessThanOrEqual(0);
    expect(gapExcess(studyDays(own, 1))).toBeLessThanOrEqual(0);
  });

  it('never moves a final review, nor a session from or to the days past the movable limit', () => {
    const own = owners(40, [lateAndDense]);
    // Only days before 20 may change, and day 3 holds the final review: day 0 alone may move.
    closeLongGaps(state(own, 1, { movableBefore: [20], keep: [3] }));
    const days = studyDays(own, 0);
    expect(days).toHaveLength(lateAndDense.length);
    expect(days).toEqual(expect.arrayContaining(lateAndDense.filter((d) => d >= 3)));
    expect(days.every((d) => d < 20 || lateAndDense.includes(d))).toBe(true);
  });
});
