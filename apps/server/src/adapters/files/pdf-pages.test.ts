import { describe, expect, it } from 'vitest';
import { joinPages, PARSE_LIMITS, pageRange } from './pdf-pages.js';

describe('runs of PDF pages', () => {
  it('splits the pages into runs that cover each page once, in order', () => {
    for (const pages of [0, 1, 2, 3, 7, 100, 500]) {
      for (const of of [1, 2, 3]) {
        const seen: number[] = [];
        for (let index = 0; index < of; index++) {
          const [first, last] = pageRange(pages, { index, of });
          for (let p = first; p <= last; p++) seen.push(p);
        }
        expect(seen).toEqual(Array.from({ length: pages }, (_, i) => i + 1));
      }
    }
  });

  it('keeps what one reading from the first page keeps: pages up to the text cap', () => {
    expect(joinPages([['a', 'b'], ['c']])).toBe('a\n\nb\n\nc');
    expect(joinPages([[], ['c']])).toBe('c');
    const half = 'x'.repeat(PARSE_LIMITS.maxTextChars / 2);
    // The page that reaches the cap is kept; none after it, from either run.
    const text = joinPages([[half, 'y', half], ['after']]);
    expect(text.endsWith(`${half}\n\ny\n\n${half}`)).toBe(true);
    expect(text).not.toContain('after');
    expect(joinPages([[half, half], ['after']])).not.toContain('after');
  });
});
