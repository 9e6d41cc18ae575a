import { describe, expect, it } from 'vitest';
import {
  contentWords,
  escapeHtml,
  findHeadings,
  findMath,
  htmlToText,
  splitSentences,
} from './text.js';

describe('text helpers', () => {
  it('splits sentences without breaking a formula that contains a period', () => {
    const s = splitSentences(
      'Energy is $E = 1.5 mc^2$ here. Next sentence follows! And $$a.b$$ too.',
    );
    expect(s).toEqual([
      'Energy is $E = 1.5 mc^2$ here.',
      'Next sentence follows!',
      'And $$a.b$$ too.',
    ]);
  });

  it('drops list markers and headings markers from sentences', () => {
    expect(splitSentences('# Title\n- first item\n- second item')).toEqual([
      'Title',
      'first item',
      'second item',
    ]);
  });

  it('turns HTML into visible text and decodes entities', () => {
    expect(htmlToText('<p>A &amp; B</p><script>alert(1)</script><ul><li>x&lt;y</li></ul>')).toBe(
      'A & B\n x<y',
    );
  });

  it('escapes every HTML-significant character', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('finds math spans as written', () => {
    expect(findMath('a $x^2$ and $$\\int_0^1 f$$ and \\(y\\)')).toEqual([
      '$x^2$',
      '$$\\int_0^1 f$$',
      '\\(y\\)',
    ]);
  });

  it('keeps content words and drops stop words', () => {
    expect(contentWords('The derivative of a function is its rate of change')).toEqual([
      'derivative',
      'function',
      'rate',
      'change',
    ]);
  });

  it('finds markdown and underlined headings', () => {
    expect(findHeadings('# One\ntext\nTwo\n===\n## Three ##')).toEqual(['One', 'Two', 'Three']);
  });
});
