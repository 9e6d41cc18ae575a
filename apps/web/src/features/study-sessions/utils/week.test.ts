import type { StudySession } from '@studybuddy/contracts';
import { firstJsDay } from '@studybuddy/contracts';
import { describe, expect, it } from 'vitest';
import {
  localInputToIso,
  parseDateParam,
  sessionsByDay,
  toDateParam,
  toLocalInputValue,
  upcomingSessions,
  weekDays,
  weekStartOf,
} from './week';

/** A session starting at a local date and time, lasting an hour. */
function session(id: number, localStart: string): StudySession {
  const start = new Date(localStart);
  const end = new Date(start.getTime() + 3_600_000);
  return {
    id,
    planId: 1,
    subjectId: 1,
    topicId: null,
    title: `S${id}`,
    day: start.toISOString().slice(0, 10),
    startTime: start.toISOString(),
    endTime: end.toISOString(),
    subjectName: 'Maths',
    topicName: null,
    notes: null,
    reminder: false,
    kind: null,
    checkIn: null,
  };
}

describe('calendar week', () => {
  it('runs from Sunday to Saturday', () => {
    // Wednesday 5 March 2025
    const start = weekStartOf(new Date(2025, 2, 5, 15, 30));
    expect(toDateParam(start)).toBe('2025-03-02');
    expect(start.getDay()).toBe(0);
    expect(start.getHours()).toBe(0);
    const days = weekDays(start);
    expect(days.map(toDateParam)).toEqual([
      '2025-03-02',
      '2025-03-03',
      '2025-03-04',
      '2025-03-05',
      '2025-03-06',
      '2025-03-07',
      '2025-03-08',
    ]);
    expect(days.map((d) => d.getDay())).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('keeps a Sunday and a Saturday in their own week', () => {
    expect(toDateParam(weekStartOf(new Date(2025, 2, 2, 0, 0)))).toBe('2025-03-02');
    expect(toDateParam(weekStartOf(new Date(2025, 2, 8, 23, 59)))).toBe('2025-03-02');
    expect(toDateParam(weekStartOf(new Date(2025, 2, 9, 0, 0)))).toBe('2025-03-09');
  });

  it('starts the week on Monday when the profile says so', () => {
    // Sunday 9 March 2025 belongs to the week from Monday 3 March.
    const start = weekStartOf(new Date(2025, 2, 9, 10), firstJsDay('monday'));
    expect(toDateParam(start)).toBe('2025-03-03');
    expect(weekDays(start).map((d) => d.getDay())).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(firstJsDay('sunday')).toBe(0);
    expect(firstJsDay(undefined)).toBe(0);
  });

  it('puts each session in the tile of its local start day, sorted by time', () => {
    const sessions = [
      session(1, '2025-03-04T18:00'),
      session(2, '2025-03-04T08:00'),
      session(3, '2025-03-08T23:30'),
      session(4, '2025-03-09T00:30'),
    ];
    const byDay = sessionsByDay(sessions, weekDays(new Date(2025, 2, 2)));
    expect(byDay.map((day) => day.map((s) => s.id))).toEqual([[], [], [2, 1], [], [], [], [3]]);
  });

  it('lists sessions of the next seven days as upcoming', () => {
    const now = new Date(2025, 2, 4, 12, 0);
    const sessions = [
      session(1, '2025-03-04T08:00'),
      session(2, '2025-03-12T08:00'),
      session(3, '2025-03-10T08:00'),
      session(4, '2025-03-04T12:30'),
    ];
    expect(upcomingSessions(sessions, now).map((s) => s.id)).toEqual([4, 3]);
  });

  it('reads ?week= and ?date= as local dates and refuses anything else', () => {
    expect(parseDateParam('2025-03-05')?.getDate()).toBe(5);
    expect(parseDateParam('2025-02-30')).toBeNull();
    expect(parseDateParam('next week')).toBeNull();
    expect(parseDateParam(null)).toBeNull();
  });

  it('converts between datetime-local values and ISO date-times with a zone', () => {
    const iso = localInputToIso('2025-03-05T17:00');
    expect(iso).toBe(new Date(2025, 2, 5, 17, 0).toISOString());
    expect(iso.endsWith('Z')).toBe(true);
    expect(toLocalInputValue(iso)).toBe('2025-03-05T17:00');
    expect(localInputToIso('2025-03-05T17:00:30')).toBe(
      new Date(2025, 2, 5, 17, 0, 30).toISOString(),
    );
    expect(localInputToIso('')).toBe('');
    expect(localInputToIso('garbage')).toBe('');
    expect(localInputToIso('2025-13-05T17:00')).toBe('');
    expect(localInputToIso('2025-03-05T17:00Z')).toBe('');
    expect(localInputToIso('2025-03-05')).toBe('');
  });
});
