import { describe, expect, it } from 'vitest';
import { htmlToMarkdownText } from './parse-document.js';

describe('htmlToMarkdownText', () => {
  it('decodes named, decimal and hexadecimal character references', () => {
    const html =
      '<p>a&nbsp;b &#8212; c &#x2014; caf&eacute; &lt;x&gt; &quot;q&quot; it&#39;s R&amp;D</p>';
    expect(htmlToMarkdownText(html)).toBe('a\u00a0b \u2014 c \u2014 café <x> "q" it\'s R&D\n');
  });

  it('decodes once: an escaped reference stays a reference', () => {
    expect(htmlToMarkdownText('<p>&amp;lt; &amp;nbsp;</p>')).toBe('&lt; &nbsp;\n');
  });

  it('leaves text that is not a complete reference as it is', () => {
    expect(htmlToMarkdownText('<p>&copy2 AT&T &unknown;</p>')).toBe('&copy2 AT&T &unknown;\n');
  });

  it('keeps headings as Markdown headings with their references decoded', () => {
    expect(htmlToMarkdownText('<h2>Ca&#768;fe &amp; co</h2><p>x</p>')).toBe(
      '\n\n## Ca\u0300fe & co\n\nx\n',
    );
  });
});
