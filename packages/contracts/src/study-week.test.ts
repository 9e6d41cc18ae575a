import { describe, expect, it } from 'vitest';
import {
  type AvailabilityDay,
  allowedHalfHours,
  busyHalfHours,
  calendarWeeks,
  firstJsDay,
  formatClock,
  NO_SLOT_LIMITS,
  packDay,
  packPlaces,
  parseClock,
  slotProblems,
  studyWindowMinutes,
  touchedHalfHours,
  weekdayOf,
  weekdayOfDate,
  weekIndexOf,
  weekStartDate,
  weekStartOrDefault,
  windowStudyHours,
} from './study-week.js';

/** Day number of 2026-01-05, a Monday. */
const MONDAY = 20_458;

const day = (over: Partial<AvailabilityDay> = {}): AvailabilityDay => ({
  day: 0,
  enabled: true,
  hours: 24,
  startTime: '00:00',
  endTime: '24:00',
  slots: new Array<boolean>(24).fill(true),
  ...over,
});
const halves = (allowed: readonly boolean[]) =>
  allowed.flatMap((a, h) => (a ? [formatClock(h * 30)] : []));

describe('weekdays', () => {
  it('numbers weekdays from Monday = 0, for day numbers and dates alike', () => {
    expect(weekdayOf(MONDAY)).toBe(0);
    expect(weekdayOf(MONDAY + 6)).toBe(6);
    expect(weekdayOf(-3)).toBe(0); // 1969-12-29
    expect(weekdayOfDate('2026-01-05')).toBe(0);
    expect(weekdayOfDate('2026-01-11')).toBe(6);
    expect(weekdayOfDate('2026-11-23')).toBe(0);
    expect(weekdayOfDate('2026-11-29')).toBe(6);
    expect(weekdayOfDate('not a date')).toBeNaN();
  });
});

describe('the week start', () => {
  it('reads a stored choice, Sunday when there is none', () => {
    expect(weekStartOrDefault('monday')).toBe('monday');
    expect(weekStartOrDefault('friday')).toBe('sunday');
    expect(weekStartOrDefault(undefined)).toBe('sunday');
    expect(firstJsDay('monday')).toBe(1);
    expect(firstJsDay(undefined)).toBe(0);
  });

  it('finds the first day of the week holding a date', () => {
    expect(weekStartDate('2026-01-07', 'monday')).toBe('2026-01-05');
    expect(weekStartDate('2026-01-07', 'sunday')).toBe('2026-01-04');
    expect(weekStartDate('2026-01-04', 'sunday')).toBe('2026-01-04');
    expect(weekStartDate('2026-01-04', 'monday')).toBe('2025-12-29');
    expect(weekStartDate('2026-03-01', 'monday')).toBe('2026-02-23');
    expect(weekStartDate('nope', 'monday')).toBe('nope');
  });

  it("counts a period's whole weeks from its first day without a week start", () => {
    const weeks = calendarWeeks(MONDAY + 2, 17);
    expect(weeks).toEqual({ first: 0, count: 2 });
    expect([0, 6, 7, 13, 14, 16].map((d) => weekIndexOf(weeks, d))).toEqual([
      0,
      0,
      1,
      1,
      Number.NaN,
      Number.NaN,
    ]);
  });

  it('starts whole weeks on the week start and leaves the part weeks out', () => {
    // Wednesday to the Saturday 16 days later: Mon-Sun weeks from offset 5, Sun-Sat from 4.
    expect(calendarWeeks(MONDAY + 2, 17, 'monday')).toEqual({ first: 5, count: 1 });
    const sunday = calendarWeeks(MONDAY + 2, 17, 'sunday');
    expect(sunday).toEqual({ first: 4, count: 1 });
    expect([3, 4, 10, 11].map((d) => weekIndexOf(sunday, d))).toEqual([
      Number.NaN,
      0,
      0,
      Number.NaN,
    ]);
    expect(calendarWeeks(MONDAY, 14, 'monday')).toEqual({ first: 0, count: 2 });
    expect(calendarWeeks(MONDAY, 3, 'sunday')).toEqual({ first: 6, count: 0 });
  });
});

describe('clock times', () => {
  it('parses and formats HH:MM, 24:00 ending the day', () => {
    expect(parseClock('17:30')).toBe(1050);
    expect(parseClock(' 9:05 ')).toBe(545);
    expect(parseClock('24:00')).toBe(1440);
    expect(parseClock('24:30')).toBeNaN();
    expect(parseClock('12:60')).toBeNaN();
    expect(parseClock('noon')).toBeNaN();
    expect(formatClock(1050)).toBe('17:30');
    expect(formatClock(1440)).toBe('24:00');
  });
});

describe('the allowed-slot rule', () => {
  it('allows the half-hours inside the window whose clock hour is free', () => {
    const slots = new Array<boolean>(24).fill(false);
    slots[9] = slots[10] = slots[12] = true;
    const d = allowedHalfHours([day({ startTime: '09:30', endTime: '13:00', slots })], 0, {
      blockedDays: [],
    });
    expect(halves(d.allowed)).toEqual(['09:30', '10:00', '10:30', '12:00', '12:30']);
    expect([d.enabled, d.hours, d.start, d.end]).toEqual([true, 24, 570, 780]);
  });

  it('applies the wishes: blocked days, not before, not after, most hours', () => {
    const week = [day(), day({ day: 1 })];
    expect(allowedHalfHours(week, 0, { blockedDays: [0] }).allowed.some(Boolean)).toBe(false);
    const d = allowedHalfHours(week, 1, {
      blockedDays: [0],
      notBefore: 20 * 60,
      notAfter: 22 * 60,
      maxHours: 1.5,
    });
    expect(halves(d.allowed)).toEqual(['20:00', '20:30', '21:00', '21:30']);
    expect(d.hours).toBe(1.5);
    expect(allowedHalfHours(week, 2, NO_SLOT_LIMITS)).toMatchObject({ enabled: false, hours: 0 });
  });

  it('runs a window without a readable end, or ending at 00:00, to the end of the day', () => {
    for (const endTime of ['00:00', '25:00']) {
      const d = allowedHalfHours([day({ startTime: '23:00', endTime })], 0, NO_SLOT_LIMITS);
      expect(halves(d.allowed)).toEqual(['23:00', '23:30']);
    }
  });

  it('says why a half-hour is not allowed, window first, then the free hour, then busy time', () => {
    const slots = new Array<boolean>(24).fill(true);
    slots[10] = false;
    const busy = busyHalfHours([{ start: '11:00', end: '11:30' }]);
    const week = [day({ startTime: '09:00', endTime: '12:00', slots }), day({ day: 1 })];
    const d = slotProblems(week, 0, { blockedDays: [1] }, busy);
    expect(d.problems.slice(17, 25)).toEqual([
      'outside-window',
      null,
      null,
      'hour-not-free',
      'hour-not-free',
      'busy',
      null,
      'outside-window',
    ]);
    expect(new Set(slotProblems(week, 1, { blockedDays: [1] }).problems)).toEqual(
      new Set(['not-study-day']),
    );
  });

  it('takes out every half-hour busy time touches', () => {
    expect(touchedHalfHours(615, 705)).toEqual({ from: 20, to: 24 });
    const busy = busyHalfHours([
      { start: '10:15', end: '11:45' },
      { start: '23:00', end: '24:00' },
      { start: '15:00', end: '14:00' },
      { start: 'x', end: '09:00' },
    ]);
    expect(halves(busy)).toEqual(['10:00', '10:30', '11:00', '11:30', '23:00', '23:30']);
    const d = allowedHalfHours(
      [day({ startTime: '09:00', endTime: '13:00' })],
      0,
      NO_SLOT_LIMITS,
      busy,
    );
    expect(halves(d.allowed)).toEqual(['09:00', '09:30', '12:00', '12:30']);
  });
});

describe('packing', () => {
  const all = new Array<boolean>(48).fill(true);

  it('breaks after the most back-to-back sessions and cuts the last to the hours left', () => {
    expect(packPlaces(all, 9, 3, 2)).toEqual([
      { start: 0, len: 3 },
      { start: 3, len: 3 },
      { start: 7, len: 3 },
    ]);
    expect(packPlaces(all, 8, 3, 2).at(-1)).toEqual({ start: 7, len: 2 });
  });

  it('packs an evening wish from the end of the day and an afternoon wish after noon first', () => {
    const day9to21 = all.map((_, h) => h >= 18 && h < 42);
    expect(packDay(day9to21, 2, 1, 'evening').places).toEqual([
      { start: 38, len: 2 },
      { start: 40, len: 2 },
    ]);
    const afternoon = packDay(day9to21, 3, 1, 'afternoon');
    expect(afternoon.places[0]).toEqual({ start: 24, len: 2 });
    expect(afternoon.capacity).toBe(3);
    expect(packDay(day9to21, 3, 1, undefined)).toMatchObject({ capacity: 3, packable: 10 });
  });

  it('sizes windows as the planner packs them', () => {
    expect(windowStudyHours(9 * 60, 12 * 60, 1.5)).toBe(3);
    expect(windowStudyHours(9 * 60, 12 * 60, 1)).toBe(2);
    expect(windowStudyHours(Number.NaN, 12 * 60, 1)).toBe(0);
    expect(studyWindowMinutes(3, 1)).toBe(210);
    // The window studyWindowMinutes asks for holds the hours it was asked for.
    for (const L of [1, 1.5, 2])
      for (const hours of [1, 2, 3, 4.5, 6])
        expect(windowStudyHours(17 * 60, 17 * 60 + studyWindowMinutes(hours, L), L)).toBe(
          Math.ceil(hours / L - 1e-9) * L,
        );
  });
});
