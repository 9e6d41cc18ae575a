import { describe, expect, it } from 'vitest';
import { browserTimeZone, dateFormatter, prepareDateFormatting } from './date-formatters';

describe('dateFormatter', () => {
  it('makes one formatter per language and options, and reuses it', () => {
    const a = dateFormatter('en', { dateStyle: 'medium' });
    expect(dateFormatter('en', { dateStyle: 'medium' })).toBe(a);
    expect(dateFormatter('de', { dateStyle: 'medium' })).not.toBe(a);
    expect(dateFormatter('en', { dateStyle: 'full' })).not.toBe(a);
  });

  it('readies the formatter that short dates are written with', () => {
    prepareDateFormatting('fr');
    const f = dateFormatter('fr', { dateStyle: 'medium' });
    expect(f.resolvedOptions().locale).toBe('fr');
    expect(f.format(new Date(2026, 10, 25))).toBe('25 nov. 2026');
  });
});

describe('browserTimeZone', () => {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;

  it("is the browser's zone, not that of a formatter made for another zone", () => {
    dateFormatter('en', { timeZone: zone === 'Asia/Tokyo' ? 'Europe/Athens' : 'Asia/Tokyo' });
    expect(browserTimeZone()).toBe(zone);
    prepareDateFormatting('de');
    expect(browserTimeZone()).toBe(zone);
  });
});
