import { describe, expect, it } from 'vitest';
import { dayNumber, formatClock, isoDate, parseClock, shortDate, weekdayOf } from './dates.js';

describe('dates', () => {
  it('round-trips dates across leap years and centuries', () => {
    for (const iso of ['1970-01-01', '2000-02-29', '2024-02-29', '2026-12-31', '2100-03-01']) {
      expect(isoDate(dayNumber(iso))).toBe(iso);
    }
    expect(dayNumber('2026-03-01') - dayNumber('2026-02-28')).toBe(1);
    expect(dayNumber('2024-03-01') - dayNumber('2024-02-28')).toBe(2);
  });

  it('rejects impossible dates', () => {
    expect(dayNumber('2026-02-29')).toBeNaN();
    expect(dayNumber('2026-13-01')).toBeNaN();
    expect(dayNumber('26-1-1')).toBeNaN();
  });

  it('numbers weekdays from Monday = 0', () => {
    expect(weekdayOf(dayNumber('2026-01-05'))).toBe(0); // a Monday
    expect(weekdayOf(dayNumber('2026-01-11'))).toBe(6); // a Sunday
    expect(weekdayOf(dayNumber('1969-12-29'))).toBe(0);
  });

  it('parses and formats clock times', () => {
    expect(parseClock('17:30')).toBe(1050);
    expect(parseClock('24:00')).toBe(1440);
    expect(parseClock('24:30')).toBeNaN();
    expect(formatClock(1050)).toBe('17:30');
    expect(shortDate(dayNumber('2026-03-12'))).toBe('12 Mar');
  });
});
