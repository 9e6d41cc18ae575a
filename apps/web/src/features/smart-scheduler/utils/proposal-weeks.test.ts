import type { Proposal } from '@studybuddy/contracts';
import { describe, expect, it } from 'vitest';
import { proposalWeeks } from './proposal-weeks';

const day = (date: string, subject: string, duration: number): Proposal['schedule'][number] => ({
  date,
  day: '',
  blocks: [
    {
      sessionId: Number(date.slice(8)),
      subject,
      topic: subject,
      start: '17:00',
      end: '18:00',
      duration,
      focus: [],
      materials: [],
    },
  ],
});

// Sunday 1 March to Monday 9 March 2026.
const schedule = [
  day('2026-03-01', 'Biology', 1),
  day('2026-03-02', 'Chemistry', 2),
  day('2026-03-09', 'Biology', 1.5),
];

describe('proposalWeeks', () => {
  it('cuts the schedule into the calendar weeks of a Sunday week start', () => {
    const weeks = proposalWeeks(schedule, ['Biology', 'Chemistry'], 'sunday');
    expect(weeks.map((w) => [w.number, w.start, w.end, w.total])).toEqual([
      [1, '2026-03-01', '2026-03-07', 3],
      [2, '2026-03-08', '2026-03-14', 1.5],
    ]);
    expect(weeks[0]?.days.map((d) => d.date)[0]).toBe('2026-03-01');
    expect(weeks[1]?.hours).toEqual({ Biology: 1.5, Chemistry: 0 });
  });

  it('cuts the same schedule into Monday weeks when the student starts there', () => {
    const weeks = proposalWeeks(schedule, ['Biology', 'Chemistry'], 'monday');
    expect(weeks.map((w) => [w.start, w.end, w.total])).toEqual([
      ['2026-02-23', '2026-03-01', 1],
      ['2026-03-02', '2026-03-08', 2],
      ['2026-03-09', '2026-03-15', 1.5],
    ]);
    expect(weeks[1]?.scheduled.map((d) => d.date)).toEqual(['2026-03-02']);
  });
});
