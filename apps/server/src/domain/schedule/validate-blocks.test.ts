import { describe, expect, it } from 'vitest';
import { type BlockRules, validateBlocks } from './validate-blocks.js';

const free = Array.from({ length: 24 }, (_, h) => h >= 8 && h < 22);
const rules: BlockRules = {
  period: { start: '2026-12-01', end: '2026-12-20' },
  availability: Array.from({ length: 7 }, (_, day) => ({
    day,
    enabled: day !== 6,
    hours: 3,
    startTime: '16:00',
    endTime: '21:00',
    slots: free,
  })),
  deadlines: new Map([['Chemistry', '2026-12-10']]),
};

describe('validateBlocks', () => {
  it('accepts blocks inside the rules', () => {
    expect(
      validateBlocks(
        [
          { id: 1, subject: 'Chemistry', date: '2026-12-02', start: '16:00', end: '17:00' },
          { id: 2, subject: 'Physics', date: '2026-12-02', start: '17:00', end: '18:30' },
        ],
        rules,
      ),
    ).toEqual([]);
  });

  it('names each broken rule', () => {
    const problems = validateBlocks(
      [
        { id: 1, subject: 'Chemistry', date: '2026-12-10', start: '16:00', end: '17:00' },
        { id: 2, subject: 'Physics', date: '2026-12-06', start: '16:00', end: '17:00' },
        { id: 3, subject: 'Physics', date: '2026-12-03', start: '15:00', end: '16:00' },
        { id: 4, subject: 'Physics', date: '2026-12-04', start: '17:00', end: '16:00' },
        { id: 5, subject: 'Physics', date: '2027-01-04', start: '16:00', end: '17:00' },
        { id: 6, subject: 'Physics', date: '2026-12-08', start: '16:00', end: '17:30' },
        { id: 7, subject: 'Biology', date: '2026-12-08', start: '17:00', end: '18:00' },
        { id: 8, subject: 'Maths', date: '2026-12-09', start: '16:00', end: '20:00' },
      ],
      rules,
    );
    const named = (code: string, subject: string, blockDate: string, startTime: string) =>
      problems.filter(
        (p) =>
          p.code === code &&
          p.params.subject === subject &&
          p.params.blockDate === blockDate &&
          p.params.startTime === startTime,
      );
    expect(named('block_on_or_after_exam', 'Chemistry', '2026-12-10', '16:00')).toHaveLength(1);
    expect(named('block_not_study_day', 'Physics', '2026-12-06', '16:00')).toHaveLength(1);
    expect(named('block_outside_study_hours', 'Physics', '2026-12-03', '15:00')).toHaveLength(1);
    expect(named('block_end_not_after_start', 'Physics', '2026-12-04', '17:00')).toHaveLength(1);
    expect(named('block_outside_period', 'Physics', '2027-01-04', '16:00')).toHaveLength(1);
    expect(named('block_too_long', 'Maths', '2026-12-09', '16:00')[0]?.params.maxHours).toBe(3);
    expect(problems.find((p) => p.code === 'block_overlap')?.params).toEqual({
      blockDate: '2026-12-08',
      subject: 'Physics',
      startTime: '16:00',
      endTime: '17:30',
      otherSubject: 'Biology',
      otherStartTime: '17:00',
      otherEndTime: '18:00',
    });
    expect(problems.map((p) => p.message)).toContain(
      "Physics on 2026-12-03 15:00-16:00: the block is outside that day's study hours.",
    );
  });

  it('refuses a block on busy time, counting every half-hour the busy time touches', () => {
    const busy = [
      { date: '2026-12-02', start: '17:15', end: '17:45' },
      { date: '2026-12-03', start: '18:00', end: '19:00' },
    ];
    const problems = validateBlocks(
      [
        { id: 1, subject: 'Physics', date: '2026-12-02', start: '16:00', end: '17:00' },
        { id: 2, subject: 'Physics', date: '2026-12-02', start: '17:30', end: '18:30' },
        { id: 3, subject: 'Biology', date: '2026-12-03', start: '17:00', end: '18:00' },
        { id: 4, subject: 'Biology', date: '2026-12-04', start: '18:00', end: '19:00' },
      ],
      { ...rules, busy },
    );
    expect(problems.map((p) => [p.code, p.params.startTime])).toEqual([
      ['block_on_busy_time', '17:30'],
    ]);
    expect(problems[0]?.params).toMatchObject({ busyStartTime: '17:15', busyEndTime: '17:45' });
    expect(problems[0]?.message).toBe(
      'Physics on 2026-12-02 17:30-18:30: it overlaps your busy time 17:15-17:45.',
    );
  });

  it("applies the plan's wishes as the planner did: blocked days, time bounds, daily hours", () => {
    const limits = { blockedDays: [2], notBefore: 17 * 60, notAfter: 20 * 60, maxHours: 1.5 };
    const problems = validateBlocks(
      [
        { id: 1, subject: 'Physics', date: '2026-12-02', start: '17:00', end: '18:00' },
        { id: 2, subject: 'Physics', date: '2026-12-03', start: '16:00', end: '17:00' },
        { id: 3, subject: 'Physics', date: '2026-12-04', start: '19:30', end: '20:30' },
        { id: 4, subject: 'Physics', date: '2026-12-07', start: '17:00', end: '18:00' },
        { id: 5, subject: 'Biology', date: '2026-12-07', start: '18:00', end: '19:00' },
      ],
      { ...rules, limits },
    );
    expect(problems.map((p) => [p.code, p.params.blockDate])).toEqual([
      ['block_not_study_day', '2026-12-02'],
      ['block_outside_study_hours', '2026-12-03'],
      ['block_outside_study_hours', '2026-12-04'],
      ['block_day_over_hours', '2026-12-07'],
    ]);
    expect(problems[3]?.params.availableHours).toBe(1.5);
  });
});
