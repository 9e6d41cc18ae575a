import { describe, expect, it } from 'vitest';
import { fromZoned, todayIn, toZoned, weekdayName } from './zoned.js';

describe('zoned time', () => {
  it('converts a wall-clock time in Athens to UTC and back, in winter and summer', () => {
    expect(fromZoned('2026-12-01', '17:00', 'Europe/Athens').toISOString()).toBe(
      '2026-12-01T15:00:00.000Z',
    );
    expect(fromZoned('2026-07-01', '17:00', 'Europe/Athens').toISOString()).toBe(
      '2026-07-01T14:00:00.000Z',
    );
    expect(toZoned(new Date('2026-12-01T15:00:00Z'), 'Europe/Athens')).toEqual({
      date: '2026-12-01',
      time: '17:00',
    });
  });

  it('handles UTC and zones west of Greenwich across midnight', () => {
    expect(fromZoned('2026-12-01', '23:30', 'America/New_York').toISOString()).toBe(
      '2026-12-02T04:30:00.000Z',
    );
    expect(toZoned(new Date('2026-12-02T04:30:00Z'), 'America/New_York')).toEqual({
      date: '2026-12-01',
      time: '23:30',
    });
    expect(fromZoned('2026-12-01', '08:00', 'UTC').toISOString()).toBe('2026-12-01T08:00:00.000Z');
  });

  it('moves a time in the spring-forward gap forward and keeps round trips elsewhere', () => {
    // Europe/Berlin skips 02:00-03:00 on 2027-03-28.
    const gap = fromZoned('2027-03-28', '02:30', 'Europe/Berlin');
    expect(toZoned(gap, 'Europe/Berlin').time).toBe('03:30');
    expect(toZoned(fromZoned('2027-03-28', '04:00', 'Europe/Berlin'), 'Europe/Berlin').time).toBe(
      '04:00',
    );
  });

  it('names weekdays and today', () => {
    expect(weekdayName('2026-11-23')).toBe('Monday');
    expect(todayIn('Pacific/Kiritimati', new Date('2026-11-21T12:00:00Z'))).toBe('2026-11-22');
  });
});
