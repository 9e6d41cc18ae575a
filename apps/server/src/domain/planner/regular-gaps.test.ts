import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gapsAfterMoves, regularMoves } from './regular-gaps.js';
import { gapExcess, maxGap } from './repair.js';

/** The days after the move, built and sorted. */
function movedDays(mine: number[], from: number, to: number, keepFrom: boolean): number[] {
  const after = mine.filter((d) => d !== from || keepFrom);
  after.push(to);
  return after.sort((a, b) => a - b);
}

/** The rule as it reads: the days after the move, then M4b's test. */
function naive(mine: number[], from: number, to: number, keepFrom: boolean): boolean {
  const after = movedDays(mine, from, to, keepFrom);
  return after.length < 2 || gapExcess(after) <= 0 || maxGap(after) <= maxGap(mine);
}

/** Sorted study days, a day a session leaves (one of them or not), a day it joins. */
const moves = fc
  .tuple(
    fc.uniqueArray(fc.integer({ min: 0, max: 120 }), { maxLength: 30 }),
    fc.integer({ min: 0, max: 120 }),
    fc.integer({ min: 0, max: 130 }),
    fc.boolean(),
    fc.boolean(),
  )
  .map(([raw, other, to, fromMine, keepFrom]) => {
    const mine = [...raw].sort((a, b) => a - b);
    const from = fromMine && mine.length ? (mine[other % mine.length] as number) : other;
    return { mine, from, to, keepFrom };
  });

describe('regularMoves', () => {
  it('answers as the rule does for any days, day left and day joined', () => {
    fc.assert(
      fc.property(moves, ({ mine, from, to, keepFrom }) => {
        expect(regularMoves(mine, from, keepFrom)(to)).toBe(naive(mine, from, to, keepFrom));
      }),
      { numRuns: 5000, seed: 1 },
    );
  });

  it('refuses a move that opens a gap past twice the median and longer than before', () => {
    // Days every 2 days: moving day 10 to day 40 leaves a gap of 4 and opens one of 22.
    const mine = [0, 2, 4, 6, 8, 10, 12, 14, 16, 18];
    expect(regularMoves(mine, 10, false)(40)).toBe(false);
    expect(regularMoves(mine, 10, false)(20)).toBe(true);
  });
});

describe('gapsAfterMoves', () => {
  it('gives the longest gap and the excess gapExcess gives, for a day not among them', () => {
    fc.assert(
      fc.property(moves, ({ mine, from, to, keepFrom }) => {
        fc.pre(!mine.includes(to) || (to === from && !keepFrom));
        const after = movedDays(mine, from, to, keepFrom);
        const got = gapsAfterMoves(mine, from, keepFrom)(to);
        expect(got.excess).toBe(gapExcess(after));
        expect(got.longest).toBe(after.length < 2 ? 0 : maxGap(after));
      }),
      { numRuns: 5000, seed: 2 },
    );
  });
});
