import { wizardAvailabilitySchema } from '@studybuddy/contracts';
import { describe, expect, it } from 'vitest';
import { type AvailabilityInput, toAvailability, weeklyHours } from './availability';

const input = (patch: Partial<AvailabilityInput> = {}): AvailabilityInput => ({
  days: Array(7).fill(true),
  hours: Array(7).fill(3),
  startTime: '17:00',
  ...patch,
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
    expect(weeklyHours(input())).toBe(21);
    expect(weeklyHours(input({ startTime: '20:00', hours: Array(7).fill(6) }))).toBe(28);
  });
});
