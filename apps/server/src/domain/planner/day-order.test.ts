import { describe, expect, it } from 'vitest';
import { forcedRunOf, orderWithinDays } from './day-order.js';
import type { DayTemplate } from './model.js';

/** A day of n 1-h places in a row (the order stage reads only the places and their lengths). */
function day(n: number): DayTemplate {
  const places = Array.from({ length: n }, (_, i) => ({ start: 20 + 2 * i, len: 2 }));
  return {
    enabled: true,
    hours: n,
    windowStart: 600,
    windowEnd: 600 + 60 * n,
    places,
    order: places.map((_, i) => i),
    capacity: n,
    packable: n,
  };
}

/** The longest run of one subject in the day's order. */
function longestRun(subjects: number[]): number {
  let longest = 0;
  let run = 0;
  subjects.forEach((k, i) => {
    run = i > 0 && subjects[i - 1] === k ? run + 1 : 1;
    longest = Math.max(longest, run);
  });
  return longest;
}

describe('forcedRunOf', () => {
  it("is the most frequent subject's sessions split by the others'", () => {
    const scratch = new Int32Array(3);
    expect(forcedRunOf(Int16Array.from([0, 0, 0, 0, 0, 0, 0, 1]), scratch)).toBe(4);
    expect(forcedRunOf(Int16Array.from([0, 0, 1, 0, 0, 2, 0, 0]), scratch)).toBe(2);
    expect(forcedRunOf(Int16Array.from([-1, 2, -1]), scratch)).toBe(1);
    expect(forcedRunOf(Int16Array.from([-1, -1]), scratch)).toBe(0);
    // The counter is handed back zeroed.
    expect(Array.from(scratch)).toEqual([0, 0, 0]);
  });
});

describe('orderWithinDays', () => {
  it('keeps a forced run at its forced length (seed 86,400 #818: 7 of C beside 1 of A)', () => {
    const owners = [Int16Array.from([0, 0, 0, 0, 0, 0, 0, 1])];
    const blocks = orderWithinDays(
      () => day(8),
      owners,
      [-1, -1],
      new Int32Array(2),
      new Uint8Array(2),
    );
    const order = blocks.map((b) => b.subject);
    expect(order.filter((k) => k === 0)).toHaveLength(7);
    // A run of 4 is forced (7 split by 1); the bound of 3 alone left C C A C C C C C.
    expect(longestRun(order)).toBe(4);
  });

  it('never puts three in a row where the mix avoids it', () => {
    const owners = [Int16Array.from([0, 0, 0, 0, 0, 0, 1, 2])];
    const blocks = orderWithinDays(
      () => day(8),
      owners,
      [-1, -1, -1],
      new Int32Array(3),
      new Uint8Array(3),
    );
    expect(longestRun(blocks.map((b) => b.subject))).toBe(2);
  });
});
