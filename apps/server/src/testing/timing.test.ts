import { describe, expect, it } from 'vitest';
import { expectLinear, linearTime, MAX_LINEAR_GROWTH } from './timing.js';

/** A scan that compares every character with every later one: quadratic by construction. */
function everyPair(text: string): number {
  let odd = 0;
  for (let i = 0; i < text.length; i++)
    for (let j = i; j < text.length; j++) odd += text.charCodeAt(j) & 1;
  return odd;
}

describe('linearTime', () => {
  it('tells a quadratic scan past the time limit from a linear one', () => {
    // Sized to take about half a second on this project's machines: past the time limit, so
    // its growth is measured.
    const result = linearTime(everyPair, 'ab'.repeat(12_000));
    console.log(
      `every pair of 24,000 characters: ${result.ms.toFixed(1)} ms, growth ${result.growth}`,
    );
    expect(result.growth).not.toBeNull();
    expect(result.growth).toBeGreaterThan(MAX_LINEAR_GROWTH);
    expect(() => expectLinear(result)).toThrow();
  });
});
