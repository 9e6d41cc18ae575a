import type { BusyTime, StudySession } from '@studybuddy/contracts';
import { describe, expect, it } from 'vitest';
import { moveProblem, moveTo, problemOfMessage } from './move';

const session = {
  id: 1,
  startTime: new Date(2026, 10, 30, 17, 0).toISOString(),
  endTime: new Date(2026, 10, 30, 18, 30).toISOString(),
} as StudySession;

const lecture: BusyTime = {
  id: 9,
  kind: 'lecture',
  title: 'Organic chemistry',
  date: '2026-11-23',
  startTime: '10:00',
  endTime: '12:00',
  repeat: 'weekly',
  until: null,
  timeZone: 'UTC',
};

const monday = new Date(2026, 10, 30);
const now = new Date(2026, 10, 25, 12, 0);

describe('moving a session', () => {
  it('keeps its length at the new start', () => {
    const target = moveTo(session, monday, 9 * 60);
    expect(target.start).toEqual(new Date(2026, 10, 30, 9, 0));
    expect(target.end).toEqual(new Date(2026, 10, 30, 10, 30));
  });

  it('refuses busy time, the exam day and the past, and allows free time', () => {
    const context = { busy: [lecture], examDate: null, now };
    expect(moveProblem(session, moveTo(session, monday, 9 * 60), context)).toBe('busy');
    expect(moveProblem(session, moveTo(session, monday, 12 * 60), context)).toBeNull();
    expect(
      moveProblem(session, moveTo(session, monday, 12 * 60), {
        ...context,
        examDate: '2026-11-30',
      }),
    ).toBe('afterExam');
    expect(moveProblem(session, moveTo(session, new Date(2026, 10, 24), 12 * 60), context)).toBe(
      'past',
    );
  });

  it('names the rule of a server refusal by its message', () => {
    expect(problemOfMessage('That time is busy. Choose a free time.')).toBe('busy');
    expect(problemOfMessage('Something else.')).toBeNull();
  });
});
