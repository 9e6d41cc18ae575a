import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  findHeadings,
  findMath,
  htmlToText,
  markdownHeading,
  replaceSpans,
  splitSentences,
  trimEndMatching,
} from './text.js';

/** Strings of the given pieces, which reach the corner cases far more often than random text. */
const textOf = (pieces: string[], maxLength: number) =>
  fc.array(fc.constantFrom(...pieces), { maxLength }).map((p) => p.join(''));

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

  it('finds markdown and underlined headings', () => {
    expect(findHeadings('# One\ntext\nTwo\n===\n## Three ##')).toEqual(['One', 'Two', 'Three']);
  });

  it('reads a heading title as the Markdown rule has it, closing hashes and spaces dropped', () => {
    expect(markdownHeading('   ## Chain rule ##  ')).toBe('Chain rule');
    expect(markdownHeading('# C# basics')).toBe('C# basics');
    expect(markdownHeading('# #')).toBe('#');
    expect(markdownHeading('#  ')).toBe('');
    for (const line of ['    # code', '####### seven', '#title', '# ', 'text # not'])
      expect(markdownHeading(line)).toBeUndefined();
    expect(markdownHeading(`# ${'word '.repeat(120)}`)).toBeUndefined();
  });

  it('reads headings as the regex it replaced did, on lines up to the length cap', () => {
    const before = /^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/;
    const line = textOf(['#', '#', ' ', '  ', '\t', '\r', '\u2028', '\u00a0', 'a', 'b c'], 16);
    fc.assert(
      fc.property(line, (l) => {
        expect(markdownHeading(l)).toBe(l.match(before)?.[1]?.trim());
      }),
      { numRuns: 3_000 },
    );
  });

  it('finds math spans as the regex it replaced did', () => {
    const before = /\$\$[\s\S]+?\$\$|\$[^$\n]+?\$|\\\[[\s\S]+?\\\]|\\\([\s\S]+?\\\)/g;
    const text = textOf(
      ['$', '$$', '\\', '(', ')', '[', ']', '\\(', '\\)', '\\[', '\\]', 'a', ' ', '\n'],
      16,
    );
    fc.assert(
      fc.property(text, (t) => {
        expect(findMath(t)).toEqual(t.match(before) ?? []);
      }),
      { numRuns: 3_000 },
    );
  });

  it('drops scripts and tags as the lazy regexes it replaced did', () => {
    const before = (html: string) =>
      html.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ');
    const after = (html: string) =>
      replaceSpans(
        replaceSpans(
          html,
          /<(script|style)/gi,
          { script: /<\/script>/gi, style: /<\/style>/gi },
          ' ',
        ),
        /</g,
        '>',
        ' ',
      );
    const html = textOf(
      ['<', '>', '<script', '<SCRIPT>', '</script>', '<style', '</Style>', 'a', '/'],
      12,
    );
    fc.assert(
      fc.property(html, (h) => {
        expect(after(h)).toBe(before(h));
      }),
      { numRuns: 3_000 },
    );
  });

  it('replaces each span with what a function makes of it', () => {
    expect(replaceSpans('a [b] c [d', /\[/g, ']', (span) => span.toUpperCase())).toBe('a [B] c [d');
  });

  it('trims a run of characters from the end only', () => {
    expect(trimEndMatching('Why? .!', /[?.!\s]/)).toBe('Why');
    expect(trimEndMatching('a...b', /[.]/)).toBe('a...b');
  });

  it('splits a long line a window at a time exactly as the segmenter does on the whole line', () => {
    const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
    // The same clean-up as splitSentences: list markers dropped, spaces collapsed.
    const whole = (t: string) =>
      [...segmenter.segment(t)]
        .map((s) =>
          s.segment
            .replace(/^\s*(?:[-*+]|\d+[.)]|#+)\s+/, '')
            .replace(/\s+/g, ' ')
            .trim(),
        )
        .filter(Boolean);
    const words = [
      'The cell',
      ' is small',
      '.',
      ' ',
      '!',
      '?',
      ' Next',
      ' e.g.',
      ' Dr.',
      ' (see p. 4)',
      ' lower',
      ' 3.5',
      ')',
      '"',
      '。',
      ' long'.repeat(60),
    ];
    // The first window ends inside "p. 4) 7 8 9", before the "lower" that keeps "p." open.
    const cut = `${'A b. '.repeat(48)}See p. 4) 7 8 9 10 11 lower case.`;
    expect(splitSentences(cut)).toEqual(whole(cut));
    expect(splitSentences(cut).at(-1)).toBe('See p. 4) 7 8 9 10 11 lower case.');
    fc.assert(
      fc.property(textOf(words, 400), (t) => {
        expect(splitSentences(t)).toEqual(whole(t));
      }),
      { numRuns: 300 },
    );
  });
});
