import { describe, expect, it } from 'vitest';
import { frontLoadShortfall, keepsFrontLoad, nearerFrontLoad } from './front-load-choice.js';
import type { RawBlock } from './plan-model.js';

/** 2-h sessions (len 4 half-hours) of subject 0 on the given days, the last one its review. */
const sessions = (days: number[]): RawBlock[] =>
  days.map((day, i) => ({ day, start: 20, len: 4, subject: 0, final: i === days.length - 1 }));

describe('frontLoadShortfall', () => {
  // One exam on day 28 (first half: days 0-13), 2-h sessions.
  const model = { windowEnd: [28], examInPlan: [true] };
  const plain = sessions([2, 9, 16, 23, 26]); // 4 of 10 h in the first half

  it('keeps the promise when the subject gains a session of its first half', () => {
    // 6 of 10 h: (6 - 4 + 1) / 10 = 0.3 of the hours, past the 0.1 promised.
    const on = sessions([1, 5, 9, 16, 26]);
    const short = frontLoadShortfall(model, 2, plain, on);
    expect(short).toEqual({ totalsApart: 0, gainShort: 0 });
    expect(keepsFrontLoad(short)).toBe(true);
  });

  it('counts half a session of rounding, as M10', () => {
    // 4 of 10 h, as plain: (0 + 1) / 10 = 0.1, the promise exactly.
    expect(keepsFrontLoad(frontLoadShortfall(model, 2, plain, sessions([3, 10, 16, 23, 26])))).toBe(
      true,
    );
    // 3 of 10 h in 1-h and 2-h sessions: (3 - 4 + 1) / 10 = 0, 0.1 short.
    const on = [
      ...sessions([9, 16, 23, 26]),
      { day: 2, start: 20, len: 2, subject: 0, final: false },
    ];
    on.push({ day: 20, start: 30, len: 2, subject: 0, final: false });
    expect(frontLoadShortfall(model, 2, plain, on).gainShort).toBeCloseTo(0.1);
  });

  it('finds the plans apart when their totals differ by more than a session', () => {
    const on = sessions([1, 3, 5, 9, 12, 16, 26]); // 14 h against 10
    const short = frontLoadShortfall(model, 2, plain, on);
    expect(short.totalsApart).toBe(1);
    expect(keepsFrontLoad(short)).toBe(false);
  });

  it('leaves out subjects without an exam, a short window or few sessions', () => {
    const worse = sessions([16, 20, 23, 26]);
    for (const m of [
      { windowEnd: [28], examInPlan: [false] },
      { windowEnd: [10], examInPlan: [true] },
    ])
      expect(frontLoadShortfall(m, 2, plain, sessions([16, 20, 23, 24, 26])).gainShort).toBe(0);
    // Four sessions count; three do not.
    expect(frontLoadShortfall(model, 2, plain, worse).gainShort).toBeGreaterThan(0);
    expect(frontLoadShortfall(model, 2, plain, sessions([16, 23, 26])).gainShort).toBe(0);
  });
});

describe('nearerFrontLoad', () => {
  it('puts the totals first, then the gains', () => {
    expect(
      nearerFrontLoad({ totalsApart: 0, gainShort: 0.3 }, { totalsApart: 1, gainShort: 0 }),
    ).toBe(true);
    expect(
      nearerFrontLoad({ totalsApart: 0, gainShort: 0.05 }, { totalsApart: 0, gainShort: 0.1 }),
    ).toBe(true);
    // A tie keeps the first plan (the tilted one): the other is not nearer.
    expect(
      nearerFrontLoad({ totalsApart: 0, gainShort: 0.1 }, { totalsApart: 0, gainShort: 0.1 }),
    ).toBe(false);
  });
});
