import { describe, expect, it } from 'vitest';
import { sanitizeDeepDive, stripCodeFences } from './deep-dive-html';

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

  it('drops javascript: and data: links and marks the rest noopener noreferrer', () => {
    const html = sanitizeDeepDive(
      '<a href="javascript:alert(1)">bad</a><a href="data:text/html,x">data</a>' +
        '<a href=" JaVaScRiPt:alert(1)">mixed</a>' +
        '<a href="https://example.org" target="_top">ok</a><a href="mailto:a@b.co">mail</a>',
    );
    expect(html).not.toMatch(/javascript|data:/i);
    expect(html).toContain('<a rel="noopener noreferrer">bad</a>');
    expect(html).toContain('<a href="https://example.org" rel="noopener noreferrer">ok</a>');
    expect(html).toContain('<a href="mailto:a@b.co" rel="noopener noreferrer">mail</a>');
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
