import { parseClock, windowStudyHours, wizardAvailabilitySchema } from '@studybuddy/contracts';
import { describe, expect, it } from 'vitest';
import {
  type AvailabilityInput,
  type DayWindow,
  FROM_CHOICES,
  TO_CHOICES,
  toAvailability,
  toPerDay,
  weeklyHours,
} from './availability';

const input = (patch: Partial<AvailabilityInput> = {}): AvailabilityInput => ({
  mode: 'same',
  days: Array(7).fill(true),
  hours: Array(7).fill(3),
  startTime: '17:00',
  windows: Array(7).fill({ from: '07:00', to: '08:00' }),
  ...patch,
});

/** Per-day inputs: every day 17:00-20:30 unless `windows` says otherwise. */
const perDay = (windows: Record<number, DayWindow> = {}, days = Array(7).fill(true)) =>
  input({
    mode: 'perDay',
    days,
    windows: Array.from({ length: 7 }, (_, i) => windows[i] ?? { from: '17:00', to: '20:30' }),
  });

const freeHours = (slots: boolean[]) => slots.flatMap((free, h) => (free ? [h] : []));

describe('toAvailability', () => {
  it('makes seven entries, Monday (0) to Sunday (6), that the server schema accepts', () => {
    const days = toAvailability(input(), 1);
    expect(days.map((d) => d.day)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(wizardAvailabilitySchema.safeParse(days).success).toBe(true);
    expect(days[0]).toEqual({
      day: 0,
      enabled: true,
      hours: 3,
      startTime: '17:00',
      endTime: '20:30',
      slots: Array.from({ length: 24 }, (_, h) => h >= 17 && h < 21),
    });
  });

  it('makes room for the breaks, so the hours asked for fit in sessions', () => {
    // 3 h of 1-h sessions: two, a half-hour break, one more. 1.5-h sessions run back to back.
    expect(toAvailability(input(), 1)[0]).toMatchObject({ hours: 3, endTime: '20:30' });
    expect(toAvailability(input(), 1.5)[0]).toMatchObject({ hours: 3, endTime: '20:00' });
    // 3 h of 2-h sessions: room for two, a break between, the second cut to 1 h by the hours.
    expect(toAvailability(input(), 2)[0]).toMatchObject({ hours: 3, endTime: '21:30' });
    // 4 h of 1.5-h sessions: 1.5 + 1.5, a break, and room for a third cut to 1 h.
    expect(toAvailability(input({ hours: Array(7).fill(4) }), 1.5)[0]).toMatchObject({
      hours: 4,
      endTime: '22:00',
    });
    expect(toAvailability(input({ hours: Array(7).fill(5) }), 1)[0]).toMatchObject({
      hours: 5,
      endTime: '23:00',
    });
  });

  it('runs each day from the start time for its hours, cut at 24:00', () => {
    const days = toAvailability(input({ startTime: '20:00', hours: [5, 1, 2, 3, 4, 24, 0] }), 1);
    expect(days[0]).toMatchObject({ hours: 4, endTime: '24:00' });
    expect(freeHours(days[0]?.slots ?? [])).toEqual([20, 21, 22, 23]);
    expect(days[1]).toMatchObject({ hours: 1, endTime: '21:00' });
    expect(days[3]).toMatchObject({ hours: 3, endTime: '23:30' });
    expect(days[5]).toMatchObject({ hours: 4, endTime: '24:00' });
  });

  it('marks every clock hour a half-hour window touches as free', () => {
    const [monday] = toAvailability(input({ startTime: '16:30', hours: Array(7).fill(2) }), 1.5);
    // 2 h of 1.5-h sessions take room for two sessions: 16:30 to 19:30.
    expect(monday).toMatchObject({ startTime: '16:30', endTime: '19:30', hours: 2 });
    expect(freeHours(monday?.slots ?? [])).toEqual([16, 17, 18, 19]);
  });

  it('gives a day that is not a study day, or has 0 hours, no free slot and 0 hours', () => {
    const days = toAvailability(
      input({ days: [true, false, true, true, true, true, true], hours: [3, 3, 0, 3, 3, 3, 3] }),
      1.5,
    );
    expect(days[1]).toEqual({
      day: 1,
      enabled: false,
      hours: 0,
      startTime: '17:00',
      endTime: '18:30',
      slots: Array(24).fill(false),
    });
    expect(days[2]).toMatchObject({ enabled: true, hours: 0, endTime: '18:30' });
    expect(days[2]?.slots.some(Boolean)).toBe(false);
    expect(wizardAvailabilitySchema.safeParse(days).success).toBe(true);
  });
});

describe('weeklyHours', () => {
  it('counts the hours of a week', () => {
    expect(weeklyHours(input(), 1)).toBe(21);
    expect(weeklyHours(input({ startTime: '20:00', hours: Array(7).fill(6) }), 1)).toBe(28);
  });

  it('counts, in per-day mode, the hours each study day’s window holds', () => {
    // Saturday 09:00-12:00 holds 3 h of 1.5-h sessions, Sunday is off, the rest 17:00-20:30.
    const week = perDay({ 5: { from: '09:00', to: '12:00' } }, [...Array(6).fill(true), false]);
    expect(weeklyHours(week, 1.5)).toBe(5 * 3 + 3);
    // With 1-h sessions 17:00-20:30 holds 3 h but 09:00-12:00 only 2 h.
    expect(weeklyHours(week, 1)).toBe(5 * 3 + 2);
  });
});

describe('toAvailability in per-day mode', () => {
  it('gives a day its own window, its touched clock hours and the hours its sessions take', () => {
    const days = toAvailability(
      perDay({ 5: { from: '09:00', to: '12:00' } }, [true, true, true, true, true, true, false]),
      1.5,
    );
    expect(wizardAvailabilitySchema.safeParse(days).success).toBe(true);
    expect(days[5]).toEqual({
      day: 5,
      enabled: true,
      hours: 3,
      startTime: '09:00',
      endTime: '12:00',
      slots: Array.from({ length: 24 }, (_, h) => h >= 9 && h < 12),
    });
    expect(freeHours(days[5]?.slots ?? [])).toEqual([9, 10, 11]);
    expect(days[6]).toMatchObject({ day: 6, enabled: false, hours: 0 });
    expect(days[6]?.slots.some(Boolean)).toBe(false);
    expect(days[0]).toMatchObject({ hours: 3, startTime: '17:00', endTime: '20:30' });
  });

  it('counts whole sessions with the breaks, as the planner places them', () => {
    const hoursOf = (from: string, to: string, length: 1 | 1.5 | 2) =>
      toAvailability(perDay({ 0: { from, to } }), length)[0]?.hours;
    // Two 1.5-h sessions back to back fill 09:00-12:00.
    expect(hoursOf('09:00', '12:00', 1.5)).toBe(3);
    // Two 1-h sessions, then a break: the 30 minutes left hold no session.
    expect(hoursOf('09:00', '12:00', 1)).toBe(2);
    expect(hoursOf('09:00', '12:30', 1)).toBe(3);
    // A 2-h session runs alone: 2 h, a break, 30 minutes left.
    expect(hoursOf('09:00', '12:00', 2)).toBe(2);
    expect(hoursOf('09:00', '13:30', 2)).toBe(4);
    // Room for one 1.5-h session and an hour: only the whole session counts.
    expect(hoursOf('09:00', '11:30', 1.5)).toBe(1.5);
    expect(hoursOf('09:00', '10:00', 1.5)).toBe(0);
    // Nine runs of two sessions and a break (2 h 30 min each), then one more session.
    expect(hoursOf('00:00', '24:00', 1)).toBe(19);
  });

  it('sends a window that ends before it starts, or holds no session, without study time', () => {
    const days = toAvailability(
      perDay({ 0: { from: '12:00', to: '09:00' }, 1: { from: '12:00', to: '12:00' } }),
      1.5,
    );
    expect(days[0]).toMatchObject({
      enabled: true,
      hours: 0,
      startTime: '12:00',
      endTime: '13:30',
    });
    expect(days[1]).toMatchObject({
      enabled: true,
      hours: 0,
      startTime: '12:00',
      endTime: '13:30',
    });
    expect(days[0]?.slots.some(Boolean)).toBe(false);
    // A window too short for a session keeps its times but has no free slot.
    const short = toAvailability(perDay({ 2: { from: '09:00', to: '10:00' } }), 1.5)[2];
    expect(short).toMatchObject({ hours: 0, startTime: '09:00', endTime: '10:00' });
    expect(short?.slots.some(Boolean)).toBe(false);
    expect(wizardAvailabilitySchema.safeParse(days).success).toBe(true);
  });

  it('marks the clock hours a half-hour window touches', () => {
    const [monday] = toAvailability(perDay({ 0: { from: '06:30', to: '09:30' } }), 1.5);
    expect(monday).toMatchObject({ hours: 3, startTime: '06:30', endTime: '09:30' });
    expect(freeHours(monday?.slots ?? [])).toEqual([6, 7, 8, 9]);
  });
});

describe('toPerDay', () => {
  it('starts each day from the window the quick choice gives it', () => {
    const quick = input({
      startTime: '20:00',
      hours: [3, 0, 6, 3, 3, 3, 3],
      days: [true, true, true, true, true, true, false],
    });
    const next = toPerDay(quick, 1);
    expect(next.mode).toBe('perDay');
    expect(next.windows[0]).toEqual({ from: '20:00', to: '23:30' });
    // Cut at 24:00, as the quick choice cuts it.
    expect(next.windows[2]).toEqual({ from: '20:00', to: '24:00' });
    // A day with 0 hours, or no study day, is no study day in per-day mode.
    expect(next.days).toEqual([true, false, true, true, true, true, false]);
    // The quick choice's own values stay for a switch back.
    expect(next).toMatchObject({ startTime: '20:00', hours: quick.hours });
    // Whole-session hours stay the same in per-day mode.
    expect(toAvailability(next, 1)[0]?.hours).toBe(3);
    for (const w of next.windows) {
      expect(FROM_CHOICES).toContain(w.from);
      expect(TO_CHOICES).toContain(w.to);
    }
  });
});

describe('the per-day choices', () => {
  it('cover the whole day in 30-minute steps', () => {
    expect(FROM_CHOICES).toHaveLength(48);
    expect([FROM_CHOICES[0], FROM_CHOICES.at(-1)]).toEqual(['00:00', '23:30']);
    expect([TO_CHOICES[0], TO_CHOICES.at(-1)]).toEqual(['00:30', '24:00']);
    expect(windowStudyHours(parseClock('09:00'), parseClock('12:00'), 1.5)).toBe(3);
  });
});
