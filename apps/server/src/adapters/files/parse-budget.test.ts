import { describe, expect, it } from 'vitest';
import { MIN_SHARE_MB, splitBudget } from './parse-budget.js';

describe('the parse memory budget', () => {
  it('gives each reader an equal share, and fewer readers to a small budget', () => {
    expect(splitBudget(512, 2)).toEqual({ readers: 2, shareMb: 256 });
    expect(splitBudget(1024, 2)).toEqual({ readers: 2, shareMb: 512 });
    expect(splitBudget(256, 4)).toEqual({ readers: 2, shareMb: 128 });
    expect(splitBudget(255, 2)).toEqual({ readers: 1, shareMb: 255 });
    expect(splitBudget(128, 2)).toEqual({ readers: 1, shareMb: 128 });
    // Below the smallest share there is still one reader, held to the budget.
    expect(splitBudget(100, 2)).toEqual({ readers: 1, shareMb: 100 });
  });

  it('never gives the readers together more than the budget', () => {
    for (let budget = 1; budget <= 4096; budget += 7) {
      for (const size of [1, 2, 3, 4, 8]) {
        const { readers, shareMb } = splitBudget(budget, size);
        expect(readers).toBeGreaterThanOrEqual(1);
        expect(readers).toBeLessThanOrEqual(size);
        expect(readers * shareMb).toBeLessThanOrEqual(budget);
        if (readers > 1) expect(shareMb).toBeGreaterThanOrEqual(MIN_SHARE_MB);
      }
    }
  });
});
