import { describe, expect, it } from 'vitest';
import {
  acceptPlanInputSchema,
  findSubjectNameClash,
  subjectFileField,
  subjectNameClashMessage,
  WIZARD_MESSAGES,
  wizardDaySchema,
  wizardInputSchema,
  wizardSubjectsSchema,
} from './smart-scheduler.js';

const topics = 'Cell structure, mitosis and meiosis, DNA replication, protein synthesis.';
const subjects = (...names: string[]) =>
  names.map((name, subjectIndex) => ({ name, keyTopics: topics, subjectIndex }));

describe('wizardSubjectsSchema', () => {
  it('accepts subjects with distinct names', () => {
    expect(wizardSubjectsSchema.safeParse(subjects('Math A', 'Math B', 'Physics')).success).toBe(
      true,
    );
  });

  it('refuses names that differ only by space versus underscore, naming both on the later one', () => {
    expect(subjectFileField('Math A')).toBe(subjectFileField('Math_A'));
    const result = wizardSubjectsSchema.safeParse(subjects('Math A', 'Biology', 'Math_A'));
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: [2, 'name'],
        message: 'Each subject needs its own name ("Math A" and "Math_A" count as the same).',
      }),
    ]);
  });

  it('refuses names that differ only in case or surrounding spaces', () => {
    const result = wizardSubjectsSchema.safeParse(
      subjects('Organic  chemistry', 'organic_Chemistry '),
    );
    expect(result.error?.issues[0]?.path).toEqual([1, 'name']);
    const same = wizardSubjectsSchema.safeParse(subjects('Biology', ' Biology'));
    expect(same.error?.issues[0]?.message).toBe(
      'Each subject needs its own name ("Biology" appears twice).',
    );
  });
});

describe('clock times', () => {
  it('takes HH:MM from 00:00 to 24:00 and nothing past the end of the day', () => {
    const day = (endTime: string) =>
      wizardDaySchema.safeParse({
        day: 0,
        enabled: true,
        hours: 2,
        startTime: '17:00',
        endTime,
        slots: new Array(24).fill(true),
      }).success;
    expect(['19:30', '24:00'].map(day)).toEqual([true, true]);
    expect(['24:30', '25:00', '7:00'].map(day)).toEqual([false, false, false]);
    const block = (end: string) =>
      acceptPlanInputSchema.safeParse({
        blocks: [{ sessionId: 1, date: '2026-03-02', start: '23:00', end }],
      }).success;
    expect([block('24:00'), block('24:30')]).toEqual([true, false]);
  });
});

describe('findSubjectNameClash', () => {
  it('points at the first later name whose file field an earlier one already has', () => {
    expect(findSubjectNameClash(['A b', 'C', 'c', 'a_B'])).toEqual({ index: 2, earlier: 1 });
    expect(findSubjectNameClash(['Math A', 'Math_B'])).toBeNull();
  });

  it('words the message with both names as typed', () => {
    expect(subjectNameClashMessage(' Math A ', 'Math_A')).toBe(
      'Each subject needs its own name ("Math A" and "Math_A" count as the same).',
    );
  });
});

describe('wizardInputSchema', () => {
  const slots = Array.from({ length: 24 }, (_, h) => h >= 17 && h < 20);
  const input = (
    deadlines: (string | undefined)[],
    period = { start: '2026-03-02', end: '2026-03-29' },
  ) => ({
    period,
    availability: Array.from({ length: 7 }, (_, day) => ({
      day,
      enabled: true,
      hours: 3,
      startTime: '17:00',
      endTime: '20:00',
      slots,
    })),
    subjects: deadlines.map((deadline, i) => ({
      ...subjects(`Subject ${i}`)[0],
      subjectIndex: i,
      ...(deadline ? { deadline } : {}),
    })),
    preferences: { sessionLength: 1, frontLoad: false },
  });

  it('accepts deadlines after the first day of the period up to its last day, or none', () => {
    expect(
      wizardInputSchema.safeParse(input(['2026-03-03', '2026-03-29', undefined])).success,
    ).toBe(true);
  });

  it("refuses a deadline on the first day or after the last, on that subject's deadline", () => {
    const result = wizardInputSchema.safeParse(input(['2026-03-02', '2026-03-10', '2026-03-30']));
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['subjects', 0, 'deadline'],
        message: WIZARD_MESSAGES.deadlineOutsidePeriod,
      }),
      expect.objectContaining({
        path: ['subjects', 2, 'deadline'],
        message: WIZARD_MESSAGES.deadlineOutsidePeriod,
      }),
    ]);
  });

  it('leaves deadlines alone while the period itself is broken', () => {
    const result = wizardInputSchema.safeParse(
      input(['2026-03-10'], { start: '2026-03-29', end: '2026-03-02' }),
    );
    expect(result.error?.issues.map((i) => i.path)).toEqual([['period', 'end']]);
  });
});
