import type { BusyTime } from '@studybuddy/contracts';
import { describe, expect, it } from 'vitest';
import { localBusy } from './local-busy.js';

const lecture: BusyTime = {
  id: 1,
  kind: 'lecture',
  title: 'Lecture',
  date: '2026-03-23', // a Monday
  startTime: '10:00',
  endTime: '12:00',
  repeat: 'weekly',
  until: null,
  timeZone: 'Europe/Athens',
};

describe('localBusy', () => {
  it('keeps busy time of the same zone at its wall-clock, across a daylight-saving change', () => {
    // Athens moves to summer time on 29 March 2026; the lecture stays at 10:00.
    expect(localBusy([lecture], '2026-03-23', '2026-04-05', 'Europe/Athens')).toEqual([
      { busyId: 1, date: '2026-03-23', startTime: '10:00', endTime: '12:00' },
      { busyId: 1, date: '2026-03-30', startTime: '10:00', endTime: '12:00' },
    ]);
  });

  it('moves busy time of another zone to the asked zone, instant for instant', () => {
    // UTC+2 before 29 March, UTC+3 after.
    expect(localBusy([lecture], '2026-03-23', '2026-04-05', 'UTC')).toEqual([
      { busyId: 1, date: '2026-03-23', startTime: '08:00', endTime: '10:00' },
      { busyId: 1, date: '2026-03-30', startTime: '07:00', endTime: '09:00' },
    ]);
  });

  it('splits an occurrence that crosses midnight in the asked zone, and keeps the window', () => {
    const late = {
      ...lecture,
      id: 2,
      date: '2026-03-16',
      startTime: '22:00',
      endTime: '24:00',
      timeZone: 'UTC',
    };
    // 22:00-24:00 UTC on Monday is 00:00-02:00 on Tuesday in Athens; the Monday before the
    // window (16 March, UTC) lands on Tuesday 17 March, inside it.
    expect(localBusy([late], '2026-03-17', '2026-03-24', 'Europe/Athens')).toEqual([
      { busyId: 2, date: '2026-03-17', startTime: '00:00', endTime: '02:00' },
      { busyId: 2, date: '2026-03-24', startTime: '00:00', endTime: '02:00' },
    ]);
    const evening = {
      ...late,
      date: '2026-03-23',
      startTime: '20:00',
      endTime: '23:00',
      repeat: 'once' as const,
    };
    expect(localBusy([evening], '2026-03-23', '2026-03-24', 'Europe/Athens')).toEqual([
      { busyId: 2, date: '2026-03-23', startTime: '22:00', endTime: '24:00' },
      { busyId: 2, date: '2026-03-24', startTime: '00:00', endTime: '01:00' },
    ]);
    expect(localBusy([evening], '2026-03-24', '2026-03-24', 'Europe/Athens')).toEqual([
      { busyId: 2, date: '2026-03-24', startTime: '00:00', endTime: '01:00' },
    ]);
  });
});
