import { describe, expect, it } from 'vitest';
import { parseCloze, renderCloze } from './cloze.js';

const ask = (html: string, n: number) => renderCloze(parseCloze(html), n);
const answer = (html: string) => renderCloze(parseCloze(html), null);

describe('cloze deletions', () => {
  it('hides the asked deletion and shows the others', () => {
    const html = 'The {{c1::nucleus}} holds the {{c2::DNA}}.';
    expect(ask(html, 1)).toBe('The [...] holds the DNA.');
    expect(ask(html, 2)).toBe('The nucleus holds the [...].');
    expect(answer(html)).toBe('The nucleus holds the DNA.');
  });

  it('shows a hint in place of the dots', () => {
    expect(ask('{{c1::Paris::capital}} is big', 1)).toBe('[capital] is big');
    expect(answer('{{c1::Paris::capital}} is big')).toBe('Paris is big');
  });

  it('reads nested deletions and deletions of several numbers', () => {
    const nested = '{{c1::outer {{c2::inner}} end}}';
    expect(ask(nested, 1)).toBe('[...]');
    expect(ask(nested, 2)).toBe('outer [...] end');
    expect(answer(nested)).toBe('outer inner end');
    expect(ask('{{c1,2::both}} and {{c3::three}}', 2)).toBe('[...] and three');
  });

  it('keeps HTML and text that only looks like a deletion', () => {
    expect(ask('{{c1::<b>bold</b>}} {{cat}} a::b', 1)).toBe('[...] {{cat}} a::b');
  });

  it('leaves a deletion never closed as written', () => {
    expect(answer('a {{c1::b')).toBe('a {{c1::b');
    expect(answer('x {{c1::y {{c2::z}} w')).toBe('x {{c1::y {{c2::z}} w');
  });

  it('takes time linear in the text', () => {
    const started = performance.now();
    parseCloze('{{c1::'.repeat(30_000));
    parseCloze(`{{c1::${'::'.repeat(50_000)}`);
    parseCloze('}}'.repeat(50_000));
    // Nested past 32 levels, the deeper ones are text: rendering never recurses that deep.
    const deep = parseCloze(`${'{{c1::'.repeat(20_000)}x${'}}'.repeat(20_000)}`);
    expect(renderCloze(deep, 1)).toBe(`[...]${'}}'.repeat(20_000 - 32)}`);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
