import { describe, expect, it } from 'vitest';
import {
  hoursNeededOf,
  type ReadinessInput,
  type ReadinessSession,
  subjectReadiness,
} from './readiness.js';

const s = (o: Partial<ReadinessSession> = {}): ReadinessSession => ({
  hours: 1,
  topicId: 1,
  kind: 'learn',
  checkIn: null,
  minutesDone: null,
  future: true,
  beforeDeadline: true,
  ...o,
});

const input = (o: Partial<ReadinessInput> = {}): ReadinessInput => ({
  subjectId: 7,
  subject: 'Calculus',
  examDate: '2026-03-20',
  period: { start: '2026-03-02', end: '2026-03-29' },
  hoursNeeded: 4,
  weeklyHours: null,
  sessions: [],
  topics: [
    { id: 1, dropped: false },
    { id: 2, dropped: false },
  ],
  freeHours: 10,
  ...o,
});

describe('subjectReadiness', () => {
  it('adds done hours, partial minutes and planned hours before the deadline', () => {
    const r = subjectReadiness(
      input({
        sessions: [
          s({ checkIn: 'done', future: false }),
          s({ checkIn: 'partial', minutesDone: 30, future: false, topicId: 2 }),
          s({ checkIn: 'missed', future: false }),
          s({}),
          s({ beforeDeadline: false }),
          s({ checkIn: 'done', future: true }),
        ],
      }),
    );
    expect(r).toMatchObject({
      subjectId: 7,
      deadline: '2026-03-20',
      hoursNeeded: 4,
      hoursDone: 2.5,
      hoursPlanned: 1,
      topicsCovered: 2,
      topicsTotal: 2,
      status: 'at-risk',
      message: 'Needs 0.5 h more before 20 Mar.',
    });
    expect(r.notice).toMatchObject({
      code: 'readiness_needs_more',
      params: { moreHours: 0.5, deadlineDate: '2026-03-20' },
    });
    expect(r).not.toHaveProperty('recall');
  });

  it('is on track when done and planned cover the need, behind when free time cannot', () => {
    const sessions = [s({ checkIn: 'done', future: false }), s({}), s({}), s({})];
    expect(subjectReadiness(input({ sessions }))).toMatchObject({
      status: 'on-track',
      notice: { code: 'readiness_on_track', params: { doneHours: 1, needHours: 4 } },
    });
    expect(subjectReadiness(input({ freeHours: 1 }))).toMatchObject({
      status: 'behind',
      notice: {
        code: 'readiness_behind',
        params: { moreHours: 4, deadlineDate: '2026-03-20', freeHours: 1 },
      },
    });
  });

  it('does not count a dropped topic as covered', () => {
    const r = subjectReadiness(
      input({
        topics: [
          { id: 1, dropped: true },
          { id: 2, dropped: false },
        ],
        sessions: [s({ topicId: 1 }), s({ topicId: 2, checkIn: 'missed', future: false })],
      }),
    );
    expect(r).toMatchObject({ topicsCovered: 0, topicsTotal: 2 });
  });

  it('needs the stored hours, else weekly hours over the period, else its sessions (no catch-up)', () => {
    expect(hoursNeededOf(input())).toBe(4);
    expect(hoursNeededOf(input({ examDate: null, hoursNeeded: null, weeklyHours: 2 }))).toBe(8);
    expect(
      hoursNeededOf(
        input({ hoursNeeded: null, sessions: [s({ hours: 1.5 }), s({ kind: 'catch-up' })] }),
      ),
    ).toBe(1.5);
    // Without an exam, the deadline is the period end.
    expect(subjectReadiness(input({ examDate: null, freeHours: 0 })).notice.params).toMatchObject({
      deadlineDate: '2026-03-29',
    });
  });
});
