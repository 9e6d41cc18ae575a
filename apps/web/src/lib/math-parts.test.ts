import { describe, expect, it } from 'vitest';
import { mathParts } from './math-parts';

const shape = (text: string) => mathParts(text).map((p) => [p.math ? 'math' : 'text', p.text]);

describe('mathParts', () => {
  it('finds inline and display formulas with their delimiters', () => {
    expect(shape('Momentum $p = mv$, so $$E_k = \\frac{1}{2} m v^2$$ holds.')).toEqual([
      ['text', 'Momentum '],
      ['math', '$p = mv$'],
      ['text', ', so '],
      ['math', '$$E_k = \\frac{1}{2} m v^2$$'],
      ['text', ' holds.'],
    ]);
  });

  it('leaves prices, a lone dollar and an unclosed formula as text', () => {
    expect(shape('between $5 and $10 a day')).toEqual([['text', 'between $5 and $10 a day']]);
    expect(shape('costs $ 3')).toEqual([['text', 'costs $ 3']]);
    expect(shape('$x + y')).toEqual([['text', '$x + y']]);
    expect(shape('')).toEqual([]);
  });

  it('reads a long run of dollars in one pass', () => {
    const parts = mathParts('$'.repeat(100_000));
    expect(parts.map((p) => p.text).join('')).toBe('$'.repeat(100_000));
  });
});
