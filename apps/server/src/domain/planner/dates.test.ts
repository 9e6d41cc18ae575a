import { weekdayOf } from '@studybuddy/contracts';
import { describe, expect, it } from 'vitest';
import { dayNumber, isoDate, shortDate } from './dates.js';

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

  it("gives the study week's weekdays, Monday = 0", () => {
    expect(weekdayOf(dayNumber('2026-01-05'))).toBe(0); // a Monday
    expect(weekdayOf(dayNumber('2026-01-11'))).toBe(6); // a Sunday
    expect(weekdayOf(dayNumber('1969-12-29'))).toBe(0);
  });

  it('writes short dates for messages', () => {
    expect(shortDate(dayNumber('2026-03-12'))).toBe('12 Mar');
  });
});
