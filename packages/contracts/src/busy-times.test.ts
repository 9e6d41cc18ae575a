import { describe, expect, it } from 'vitest';
import { busyOccurrences, busyTimeInputSchema } from './busy-times.js';
import { sessionPlacementProblem } from './study-sessions.js';

const lecture = {
  id: 1,
  date: '2026-11-23', // a Monday
  startTime: '10:00',
  endTime: '12:00',
  repeat: 'weekly' as const,
  until: '2026-12-14',
};

describe('busyOccurrences', () => {
  it('repeats weekly busy time on its weekday up to its last day', () => {
    expect(busyOccurrences([lecture], '2026-11-01', '2026-12-31').map((o) => o.date)).toEqual([
      '2026-11-23',
      '2026-11-30',
      '2026-12-07',
      '2026-12-14',
    ]);
  });

  it('starts a window in the middle of a weekly repeat on the next occurrence', () => {
    expect(busyOccurrences([lecture], '2026-11-25', '2026-12-06')).toEqual([
      { busyId: 1, date: '2026-11-30', startTime: '10:00', endTime: '12:00' },
    ]);
  });

  it('keeps a one-off on its own day and weekly time without an end to the window', () => {
    const once = { ...lecture, id: 2, date: '2026-11-26', repeat: 'once' as const, until: null };
    const forever = { ...lecture, id: 3, until: null };
    expect(busyOccurrences([once], '2026-11-20', '2026-11-30').map((o) => o.date)).toEqual([
      '2026-11-26',
    ]);
    expect(busyOccurrences([once], '2026-11-27', '2026-11-30')).toEqual([]);
    expect(busyOccurrences([forever], '2027-03-01', '2027-03-08').map((o) => o.date)).toEqual([
      '2027-03-01',
      '2027-03-08',
    ]);
  });
});

describe('busyTimeInputSchema', () => {
  const valid = {
    kind: 'lecture',
    title: 'Organic chemistry lecture',
    date: '2026-11-23',
    startTime: '10:00',
    endTime: '12:00',
    repeat: 'weekly',
    until: '2026-12-14',
    timeZone: 'Europe/Athens',
  };
  it('takes a weekly lecture and refuses an end before the start or a last day without repeat', () => {
    expect(busyTimeInputSchema.safeParse(valid).success).toBe(true);
    expect(
      busyTimeInputSchema.safeParse({ ...valid, endTime: '09:00' }).error?.issues[0]?.message,
    ).toBe('Busy time must end after it starts.');
    expect(busyTimeInputSchema.safeParse({ ...valid, repeat: 'once' }).success).toBe(false);
    expect(busyTimeInputSchema.safeParse({ ...valid, until: '2026-11-01' }).success).toBe(false);
    expect(busyTimeInputSchema.safeParse({ ...valid, timeZone: 'Mars/Olympus' }).success).toBe(
      false,
    );
  });
});

describe('sessionPlacementProblem', () => {
  const busy = busyOccurrences([lecture], '2026-11-30', '2026-11-30');
  const at = (start: string, end: string) => ({
    start: { date: '2026-11-30', time: start },
    end: { date: '2026-11-30', time: end },
  });
  it('refuses busy time, the exam day and a move into the past, and allows a free slot', () => {
    expect(
      sessionPlacementProblem({
        ...at('11:00', '12:30'),
        examDate: null,
        busy,
        movedIntoPast: false,
      }),
    ).toBe('busy');
    expect(
      sessionPlacementProblem({
        ...at('12:00', '13:30'),
        examDate: null,
        busy,
        movedIntoPast: false,
      }),
    ).toBeNull();
    expect(
      sessionPlacementProblem({
        ...at('12:00', '13:30'),
        examDate: '2026-11-30',
        busy,
        movedIntoPast: false,
      }),
    ).toBe('afterExam');
    expect(
      sessionPlacementProblem({
        ...at('12:00', '13:30'),
        examDate: null,
        busy,
        movedIntoPast: true,
      }),
    ).toBe('past');
  });
});
