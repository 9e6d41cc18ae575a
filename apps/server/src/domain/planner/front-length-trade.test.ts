import { describe, expect, it } from 'vitest';
import { type LengthTradeState, tradeLengthsForward } from './front-length-trade.js';
import type { DayTemplate } from './model.js';

/** A day of one place of `len` half-hours. */
function place(len: number): DayTemplate {
  return {
    enabled: true,
    hours: len / 2,
    windowStart: 600,
    windowEnd: 1200,
    places: [{ start: 20, len }],
    order: [0],
    capacity: len / 2,
    packable: len / 2,
  };
}

describe('tradeLengthsForward', () => {
  // Two exams on day 14 (first halves: days 0-6). Day 0 is a 1-h place, every other day a 1.5-h
  // one. Subject 0 holds day 0 and days 8 and 9: 1 of 4 h in its first half, its plain pace 0.5.
  // Subject 1 holds days 1-3 and 10: 4.5 of 6 h there, its plain pace 0.5.
  const tpl = (d: number) => place(d === 0 ? 2 : 3);
  const state = (need1: number): LengthTradeState => {
    const owners = Array.from({ length: 14 }, () => Int16Array.from([-1]));
    for (const d of [0, 8, 9]) (owners[d] as Int16Array)[0] = 0;
    for (const d of [1, 2, 3, 10]) (owners[d] as Int16Array)[0] = 1;
    const halves = () => {
      const first = new Float64Array(2);
      const total = new Float64Array(2);
      owners.forEach((own, d) => {
        const j = own[0] as number;
        if (j < 0) return;
        total[j] = (total[j] as number) + (tpl(d).places[0]?.len ?? 0);
        if (d < 7) first[j] = (first[j] as number) + (tpl(d).places[0]?.len ?? 0);
      });
      return { first, total };
    };
    return {
      tplOf: tpl,
      owners,
      windowEnd: [14, 14],
      finalDay: [-1, -1],
      finalLen: [0, 0],
      steady: undefined,
      refFirst: [0.5, 0.5],
      needs: [3, need1],
      movableLimit: () => 7,
      halves,
    };
  };
  const day = (s: LengthTradeState, d: number) => (s.owners[d] as Int16Array)[0];

  it("trades the subject's shorter session for the other exam's longer one in both first halves", () => {
    const s = state(5);
    expect(tradeLengthsForward(s, 0, 7)).toBe(true);
    expect(day(s, 0)).toBe(1);
    expect(day(s, 1)).toBe(0);
  });

  it('keeps the other exam at its need', () => {
    const s = state(6);
    expect(tradeLengthsForward(s, 0, 7)).toBe(false);
    expect(day(s, 0)).toBe(0);
  });

  it('leaves a subject at its plain pace alone', () => {
    const s = state(5);
    expect(tradeLengthsForward(s, 1, 7)).toBe(false);
  });
});
