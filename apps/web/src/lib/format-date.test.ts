import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateRange,
  formatDateTime,
  formatDayMonth,
  formatLongDate,
  formatMonth,
  formatTime,
  formatWeekday,
  formatWeekdayDate,
  toDate,
} from './format-date';

// Wednesday 25 November 2026, as a calendar day and as a local instant in the evening.
const DAY = '2026-11-25';
const EVENING = new Date(2026, 10, 25, 18, 5);

describe('toDate', () => {
  it('reads a YYYY-MM-DD as that day at local midnight, whatever the time zone', () => {
    const date = toDate(DAY);
    expect([date.getFullYear(), date.getMonth(), date.getDate()]).toEqual([2026, 10, 25]);
    expect([date.getHours(), date.getMinutes()]).toEqual([0, 0]);
  });

  it('reads any other string as an instant and keeps a Date as it is', () => {
    expect(toDate('2026-11-25T18:05:00.000Z').getTime()).toBe(Date.UTC(2026, 10, 25, 18, 5));
    expect(toDate(EVENING)).toBe(EVENING);
  });
});

describe('formatDate', () => {
  it('writes the short form of the language', () => {
    expect(formatDate(DAY, 'en')).toBe('Nov 25, 2026');
    expect(formatDate(DAY, 'de')).toBe('25.11.2026');
  });

  it('keeps a calendar day on its day, the first and last of a year included', () => {
    expect(formatDate('2026-01-01', 'en')).toBe('Jan 1, 2026');
    expect(formatDate('2026-12-31', 'en')).toBe('Dec 31, 2026');
    expect(formatDate('2026-12-31', 'de')).toBe('31.12.2026');
  });
});

describe('formatLongDate', () => {
  it('writes the full form with the weekday', () => {
    expect(formatLongDate(DAY, 'en')).toBe('Wednesday, November 25, 2026');
    expect(formatLongDate(DAY, 'de')).toBe('Mittwoch, 25. November 2026');
  });
});

describe('formatDayMonth', () => {
  it('writes the day and the short month, without the year', () => {
    expect(formatDayMonth(DAY, 'en')).toBe('Nov 25');
    expect(formatDayMonth(DAY, 'de')).toBe('25. Nov.');
  });
});

describe('formatWeekday', () => {
  it('names the weekday, long by default or short', () => {
    expect(formatWeekday(DAY, 'en')).toBe('Wednesday');
    expect(formatWeekday(DAY, 'en', 'short')).toBe('Wed');
    expect(formatWeekday(DAY, 'de')).toBe('Mittwoch');
    expect(formatWeekday(DAY, 'de', 'short')).toBe('Mi');
  });
});

describe('formatWeekdayDate', () => {
  it('writes the short weekday with the day and month', () => {
    expect(formatWeekdayDate(DAY, 'en')).toBe('Wed, Nov 25');
    expect(formatWeekdayDate(DAY, 'de')).toBe('Mi., 25. Nov.');
  });
});

describe('formatMonth', () => {
  it('writes the month and the year', () => {
    expect(formatMonth(DAY, 'en')).toBe('November 2026');
    expect(formatMonth(DAY, 'de')).toBe('November 2026');
    expect(formatMonth(DAY, 'el')).toBe('Νοέμβριος 2026');
  });
});

describe('formatDateTime', () => {
  it('joins the short date and the 24-hour time', () => {
    expect(formatDateTime(EVENING, 'en')).toBe('Nov 25, 2026, 18:05');
    expect(formatDateTime(EVENING, 'de')).toBe('25.11.2026, 18:05');
  });
});

describe('formatTime', () => {
  it('uses the 24-hour clock in every language, English included', () => {
    expect(formatTime(EVENING, 'en')).toBe('18:05');
    expect(formatTime(EVENING, 'de')).toBe('18:05');
    expect(formatTime(new Date(2026, 10, 25, 0, 5), 'en')).toBe('00:05');
  });

  it('shows an instant in the local time zone', () => {
    expect(formatTime(EVENING.toISOString(), 'en')).toBe('18:05');
  });
});

describe('formatDateRange', () => {
  // Intl sets the dash between thin spaces (U+2009).
  it('writes a span of days without repeating what both ends share', () => {
    expect(formatDateRange('2026-11-22', '2026-11-28', 'en')).toBe('Nov 22\u2009–\u200928, 2026');
    expect(formatDateRange('2026-11-22', '2026-11-28', 'de')).toBe('22.–28.11.2026');
  });

  it('writes both ends in full across a year', () => {
    expect(formatDateRange('2026-12-28', '2027-01-03', 'en')).toBe(
      'Dec 28, 2026\u2009–\u2009Jan 3, 2027',
    );
  });
});
