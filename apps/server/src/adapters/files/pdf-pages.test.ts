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
    // Pages that end a sentence (the test's pages) are joined as paragraphs.
    expect(joinPages([['a.', 'b.'], ['c.']])).toBe('a.\n\nb.\n\nc.');
    expect(joinPages([[], ['c.']])).toBe('c.');
    const half = `${'x'.repeat(PARSE_LIMITS.maxTextChars / 2 - 1)}.`;
    // The page that reaches the cap is kept; none after it, from either run.
    const text = joinPages([[half, 'y.', half], ['after']]);
    expect(text.endsWith(`${half}\n\ny.\n\n${half}`)).toBe(true);
    expect(text).not.toContain('after');
    expect(joinPages([[half, half], ['after']])).not.toContain('after');
  });

  it('drops running headers, footers and page numbers, and joins a paragraph a page break cut', () => {
    const page = (n: number, body: string[]) =>
      ['HIST 212 Modern Japan · Reading pack 5', ...body, `Page ${n} of 3`].join('\n');
    const text = joinPages([
      [
        page(1, [
          '',
          'Background',
          '',
          'By 1931 Japan had large investments in',
          'southern Manchuria',
        ]),
        page(2, ['and the army guarded the railway.', '', 'The League', '', 'Step 2 of the plan.']),
      ],
      [['- 3 -', 'Step 3 of the plan.', 'More text here.'].join('\n')],
    ]);
    expect(text).not.toContain('HIST 212');
    expect(text).not.toMatch(/Page \d|- 3 -/);
    // The document's first heading is its title; the later ones are its sections.
    expect(text).toContain('# Background');
    expect(text).not.toContain('## Background');
    expect(text).toContain('southern Manchuria\nand the army');
    expect(text).toContain('## The League');
    // A line that recurs but is a sentence is text, not a header.
    expect(text).toContain('Step 2 of the plan.');
    expect(text).toContain('Step 3 of the plan.');
  });

  it('marks no heading in a short line that a sentence runs through', () => {
    const lines = ['Intro text ends here.', '', 'Momentum is', 'conserved.', '', 'E = mc2', ''];
    const text = joinPages([[lines.join('\n')]]);
    expect(text).not.toMatch(/^## /m);
  });
});
