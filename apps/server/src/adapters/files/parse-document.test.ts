import { describe, expect, it } from 'vitest';
import { htmlToMarkdownText } from './parse-document.js';

describe('htmlToMarkdownText', () => {
  it('decodes named, decimal and hexadecimal character references', () => {
    const html =
      '<p>a&nbsp;b &#8212; c &#x2014; caf&eacute; &lt;x&gt; &quot;q&quot; it&#39;s R&amp;D</p>';
    expect(htmlToMarkdownText(html)).toBe('a\u00a0b \u2014 c \u2014 café <x> "q" it\'s R&D\n\n');
  });

  it('decodes once: an escaped reference stays a reference', () => {
    expect(htmlToMarkdownText('<p>&amp;lt; &amp;nbsp;</p>')).toBe('&lt; &nbsp;\n\n');
  });

  it('leaves text that is not a complete reference as it is', () => {
    expect(htmlToMarkdownText('<p>&copy2 AT&T &unknown;</p>')).toBe('&copy2 AT&T &unknown;\n\n');
  });

  it('keeps headings as Markdown headings with their references decoded', () => {
    expect(htmlToMarkdownText('<h2>Ca&#768;fe &amp; co</h2><p>x</p>')).toBe(
      '\n\n## Ca\u0300fe & co\n\nx\n\n',
    );
  });

  it('keeps list items as Markdown list items, a paragraph and a list each a block', () => {
    // Runs of blank lines are one blank line once the text is kept (normaliseText).
    const blocks = (html: string) =>
      htmlToMarkdownText(html)
        .replace(/\n{3,}/g, '\n\n')
        .trim();
    expect(
      blocks('<p>Three streams:</p><ul><li>problem</li><li>policy</li></ul><p>Then.</p>'),
    ).toBe('Three streams:\n\n- problem\n- policy\n\nThen.');
    expect(blocks('<ol><li>first</li><li>second<ul><li>inner</li></ul></li></ol>')).toBe(
      '1. first\n2. second\n  - inner',
    );
  });
});
