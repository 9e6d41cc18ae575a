import type { StudySession } from '@studybuddy/contracts';
import { describe, expect, it } from 'vitest';
import { calendarRanges, topicsAhead } from './offline-sync';

const session = (id: number, topicId: number | null, startTime: string) =>
  ({ id, planId: topicId === 12 ? 2 : 1, topicId, startTime }) as StudySession;

describe('topicsAhead', () => {
  it('lists the topics from the start of today to 7 days on, each once, in order, with their plans', () => {
    const now = new Date('2026-12-03T15:00:00');
    const sessions = [
      session(1, 10, new Date('2026-12-02T18:00:00').toISOString()), // yesterday
      session(2, 11, new Date('2026-12-03T09:00:00').toISOString()), // this morning: still today
      session(3, 12, new Date('2026-12-09T20:00:00').toISOString()), // the 7th day
      session(4, 11, new Date('2026-12-05T09:00:00').toISOString()), // again
      session(5, null, new Date('2026-12-04T09:00:00').toISOString()), // no topic
      session(6, 13, new Date('2026-12-10T09:00:00').toISOString()), // the 8th day
      session(7, 14, new Date('2026-12-04T09:00:00').toISOString()),
    ];
    expect(topicsAhead(sessions, now)).toEqual({ topicIds: [11, 14, 12], planIds: [1, 2] });
  });
});

describe('calendarRanges', () => {
  it('asks for this week and the next as the week view does, and each day of the 7 ahead', () => {
    // Thursday 3 December 2026.
    const now = new Date('2026-12-03T15:00:00');
    expect(calendarRanges(now, 1)).toEqual([
      ['2026-11-30', '2026-12-06'],
      ['2026-12-07', '2026-12-13'],
      ...['03', '04', '05', '06', '07', '08', '09'].map((d) => [`2026-12-${d}`, `2026-12-${d}`]),
    ]);
    expect(calendarRanges(now, 0).slice(0, 2)).toEqual([
      ['2026-11-29', '2026-12-05'],
      ['2026-12-06', '2026-12-12'],
    ]);
  });
});
