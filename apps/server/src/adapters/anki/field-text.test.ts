import { describe, expect, it } from 'vitest';
import { fieldText, mathDelimiters } from './field-text.js';

const text = (html: string) => fieldText(html).text;

describe('fieldText', () => {
  it('breaks lines at <br>, blocks and list items, and at nothing else', () => {
    expect(text('one<br>two<br/>three')).toBe('one\ntwo\nthree');
    expect(text('<div>one</div><div>two</div>')).toBe('one\ntwo');
    expect(text('<p>one</p>\n  <p>two</p>')).toBe('one\ntwo');
    expect(text('<ul><li>a</li><li>b</li></ul>after')).toBe('a\nb\nafter');
    expect(text('<div>one</div><div><br></div><div>two</div>')).toBe('one\n\ntwo');
    expect(text('in <b>bold</b> and <i>italic</i>')).toBe('in bold and italic');
  });

  it('reads source whitespace as one space, as a browser does; &nbsp; is kept', () => {
    expect(text('  a \n\t b  ')).toBe('a b');
    expect(text('a&nbsp;&nbsp;b')).toBe('a  b');
    expect(text('<pre>line 1\nline 2</pre>')).toBe('line 1\nline 2');
  });

  it('drops every tag, and scripts, styles and players with their content', () => {
    expect(text('a<script>alert("x")</script>b<style>p{}</style>c')).toBe('abc');
    expect(text('<img src=x onerror="alert(1)">caption')).toBe('caption');
    expect(text('<!-- note --><span style="color:red">red</span>')).toBe('red');
    expect(text('<iframe src="https://example.org">frame</iframe>ok')).toBe('ok');
  });

  it('decodes entities, named, decimal and hexadecimal, and only once', () => {
    expect(text('a &lt; b &amp;&amp; c &gt; d')).toBe('a < b && c > d');
    expect(text('&eacute;t&#233; &#x2014; caf&eacute;')).toBe('été — café');
    expect(text('&amp;lt;')).toBe('&lt;');
    expect(text('5 &lt; 6 & 7')).toBe('5 < 6 & 7');
  });

  it('writes MathJax as the $ math StudyBuddy shows', () => {
    expect(text('\\(x^2\\) and \\[\\frac{a}{b}\\]')).toBe('$x^2$ and $$\\frac{a}{b}$$');
    expect(text('[$]y[/$] [$$]z[/$$]')).toBe('$y$ $$z$$');
    expect(mathDelimiters('\\( never closed')).toBe('\\( never closed');
  });

  it('drops sounds and videos, and names them', () => {
    const read = fieldText('word [sound:word.mp3] <video src="clip.webm"></video>[sound:v.mp4]');
    expect(read.text).toBe('word');
    expect(read.sounds).toEqual(['word.mp3']);
    expect(read.videos).toEqual(['clip.webm', 'v.mp4']);
    expect(fieldText('<audio src="a.ogg">fallback</audio>').sounds).toEqual(['a.ogg']);
  });

  it('names the pictures, once each, with their entities decoded', () => {
    const read = fieldText('<img src="a&amp;b.png"><IMG SRC="c.jpg"> <img src="a&amp;b.png">');
    expect(read.images).toEqual(['a&b.png', 'c.jpg']);
    expect(read.text).toBe('');
  });

  // Linear time is the regexes' (regex-safety.test.ts checks every one) and htmlparser2's; a
  // timed assertion here failed under a loaded machine (2.7 s for work of 0.3 s alone), so the
  // hostile fields are checked for what they give.
  it('reads hostile fields made of one opening repeated', () => {
    expect(fieldText('<b>'.repeat(50_000)).text).toBe('');
    expect(fieldText('<div>x</div>'.repeat(20_000)).text).toBe(Array(20_000).fill('x').join('\n'));
    expect(fieldText('[sound:'.repeat(30_000)).sounds).toEqual([]);
    expect(fieldText('\\('.repeat(50_000)).text).toBe('\\('.repeat(50_000));
    expect(fieldText('&amp'.repeat(50_000)).text).toBe('&'.repeat(50_000));
  });
});
