import { describe, expect, it } from 'vitest';
import { sanitizeDeepDive as sanitizeWith, stripCodeFences } from './deep-dive-html';

const sanitizeDeepDive = (raw: string | null) =>
  sanitizeWith(raw, { opensInNewTab: 'opens in a new tab' });

describe('stripCodeFences', () => {
  it('removes a leading ```html fence and a trailing ``` fence', () => {
    expect(stripCodeFences('```html\n<h2>Cells</h2>\n```')).toBe('<h2>Cells</h2>');
    expect(stripCodeFences('  ```HTML\n<p>x</p>\n```  ')).toBe('<p>x</p>');
    expect(stripCodeFences('```\n<p>x</p>```')).toBe('<p>x</p>');
  });

  it('leaves content without fences alone', () => {
    expect(stripCodeFences('<p>a ``` b</p>')).toBe('<p>a ``` b</p>');
  });
});

describe('sanitizeDeepDive', () => {
  it('keeps ordinary markup after stripping the fences', () => {
    const html = sanitizeDeepDive(
      '```html\n<h2>Cells</h2><ul><li><strong>Nucleus</strong></li></ul>\n```',
    );
    expect(html).toBe('<h2>Cells</h2><ul><li><strong>Nucleus</strong></li></ul>');
  });

  it('removes scripts, event handlers, styles and frames', () => {
    const html = sanitizeDeepDive(
      '<p onclick="steal()">Hi</p><script>alert(1)</script><img src="https://x.test/a.png" onerror="alert(2)">' +
        '<iframe src="https://evil.test"></iframe><object data="x"></object><embed src="y">' +
        '<style>body{display:none}</style><p style="color:red">styled</p>',
    );
    expect(html).not.toMatch(/script|onclick|onerror|iframe|object|embed|<style|style=|alert/i);
    expect(html).toContain('<p>Hi</p>');
    expect(html).toContain('<p>styled</p>');
  });

  it('removes forms and their controls', () => {
    const html = sanitizeDeepDive(
      '<form action="https://evil.test"><input name="pw"><button>Go</button></form>',
    );
    expect(html).not.toMatch(/form|input|button/i);
  });

  it('turns javascript:, data: and other links into plain text', () => {
    const html = sanitizeDeepDive(
      '<p><a href="javascript:alert(1)">bad</a> <a href="data:text/html,x">data</a> ' +
        '<a href=" JaVaScRiPt:alert(1)">mixed</a> <a href="irc://irc.example/x"><b>irc</b></a> ' +
        '<a name="top">anchor</a></p>',
    );
    expect(html).toBe('<p>bad data mixed <b>irc</b> anchor</p>');
  });

  it('shows the real host of a link to another site and opens it in a new tab', () => {
    const html = sanitizeDeepDive(
      '<a href="https://evil.example/login" target="_top" title="Your school">Session expired</a>',
    );
    expect(html).toBe(
      '<a href="https://evil.example/login" rel="noopener noreferrer nofollow" target="_blank">' +
        'Session expired <span class="model-link__host" dir="ltr">(evil.example' +
        '<span aria-hidden="true"> ↗</span>' +
        '<span class="visually-hidden">, opens in a new tab</span>)</span></a>',
    );
    expect(
      sanitizeDeepDive('<a href="//evil.example/x">x</a><a href="/\\evil.example/y">y</a>'),
    ).toMatch(
      /^<a href="http:\/\/evil.example\/x".*\(evil.example.*<a href="http:\/\/evil.example\/y".*\(evil.example/,
    );
  });

  it('shows the address of a mailto link and leaves our own links as written', () => {
    const html = sanitizeDeepDive(
      `<a href="mailto:a@b.co">mail</a><a href="/topics/3">topic</a><a href="${window.location.origin}/plans">plans</a>`,
    );
    expect(html).toBe(
      '<a href="mailto:a@b.co" rel="noopener noreferrer nofollow">mail ' +
        '<span class="model-link__host" dir="ltr">(a@b.co)</span></a>' +
        '<a href="/topics/3" rel="noopener noreferrer">topic</a>' +
        `<a href="${window.location.origin}/plans" rel="noopener noreferrer">plans</a>`,
    );
  });

  it('keeps the content from dressing up as our host badge or hiding words with our classes', () => {
    const html = sanitizeDeepDive(
      '<p><span class="model-link__host">(school.example)</span><span class="visually-hidden">x</span></p>',
    );
    expect(html).toBe('<p><span>(school.example)</span><span>x</span></p>');
  });

  it('removes images and media, which would load from anywhere', () => {
    const html = sanitizeDeepDive(
      '<p>Cell</p><img src="https://evil.example/pixel.png" alt="cell">' +
        '<picture><source srcset="https://evil.example/a.png"></picture>' +
        '<video src="https://evil.example/v.mp4" poster="https://evil.example/p.png"></video>' +
        '<audio src="https://evil.example/a.mp3"></audio>' +
        '<table background="https://evil.example/bg.png"><tbody><tr><td>1</td></tr></tbody></table>',
    );
    expect(html).not.toMatch(/img|picture|source|video|audio|poster|background|evil/i);
    expect(html).toContain('<p>Cell</p>');
  });

  it('turns plain notes into escaped paragraphs', () => {
    expect(sanitizeDeepDive('Line one\nLine two\n\nSecond & last')).toBe(
      '<p>Line one<br>Line two</p><p>Second &amp; last</p>',
    );
  });

  it('returns an empty string for missing or empty content', () => {
    expect(sanitizeDeepDive(null)).toBe('');
    expect(sanitizeDeepDive('```html\n```')).toBe('');
    expect(sanitizeDeepDive('<script>alert(1)</script>')).toBe('');
  });
});
