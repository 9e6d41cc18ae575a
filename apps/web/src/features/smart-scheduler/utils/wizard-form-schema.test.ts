import { WIZARD, WIZARD_MESSAGES } from '@studybuddy/contracts';
import { describe, expect, it } from 'vitest';
import { newSubject, type SubjectDraft } from './subjects';
import { firstProblem, wizardFormSchema } from './wizard-form-schema';
import { initialWizardState, type WizardValues, wizardValues } from './wizard-state';

const today = '2026-03-02';
const topics = 'Cell structure, mitosis and meiosis, DNA replication, protein synthesis.';
const subject = (patch: Partial<SubjectDraft> = {}): SubjectDraft => ({
  ...newSubject(),
  name: 'Biology',
  keyTopics: topics,
  ...patch,
});
const key = (name: string) => `smartScheduler.wizard.errors.${name}`;

function values(patch: Partial<WizardValues> = {}): WizardValues {
  return { ...wizardValues(initialWizardState(today)), subjects: [subject()], ...patch };
}

/** The form's errors as "path: message", the first per field as the resolver keeps them. */
function issues(v: WizardValues): string[] {
  const result = wizardFormSchema(today).safeParse(v);
  const byPath = new Map<string, string>();
  for (const i of result.error?.issues ?? []) {
    const path = i.path.join('.');
    if (!byPath.has(path)) byPath.set(path, i.message);
  }
  return [...byPath].map(([path, message]) => `${path}: ${message}`);
}

describe('wizardFormSchema', () => {
  it('accepts the defaults with one complete subject', () => {
    expect(issues(values())).toEqual([]);
  });

  it('wants a start date, not before today', () => {
    const period = values().period;
    expect(issues(values({ period: { ...period, start: '' } }))).toEqual([
      `period.start: ${key('startRequired')}`,
    ]);
    expect(issues(values({ period: { ...period, start: '2026-03-01' } }))).toEqual([
      `period.start: ${key('startInPast')}`,
    ]);
  });

  it('checks the weeks only in weeks mode, the end date only in end-date mode', () => {
    const period = { mode: 'weeks' as const, start: today, weeks: 53, end: '' };
    expect(issues(values({ period }))).toEqual([`period.weeks: ${key('weeksRequired')}`]);
    const byEnd = { ...period, mode: 'endDate' as const };
    expect(issues(values({ period: byEnd }))).toEqual([`period.end: ${key('endRequired')}`]);
    expect(issues(values({ period: { ...byEnd, end: '2026-03-01' } }))).toEqual([
      `period.end: ${WIZARD_MESSAGES.endBeforeStart}`,
    ]);
    // 52 weeks = 364 days: the last allowed end is start + 363 days.
    expect(issues(values({ period: { ...byEnd, end: '2027-02-28' } }))).toEqual([]);
    expect(issues(values({ period: { ...byEnd, end: '2027-03-01' } }))).toEqual([
      `period.end: ${WIZARD_MESSAGES.periodTooLong}`,
    ]);
  });

  it('puts the contract availability rules on the week as a whole', () => {
    const availability = values().availability;
    expect(
      issues(values({ availability: { ...availability, days: Array(7).fill(false) } })),
    ).toEqual([`availability: ${WIZARD_MESSAGES.noStudyDay}`]);
    expect(issues(values({ availability: { ...availability, hours: Array(7).fill(0) } }))).toEqual([
      `availability: ${WIZARD_MESSAGES.noStudyTime}`,
    ]);
  });

  it('checks each study day’s own window in per-day mode, after the week’s rules', () => {
    const base = { ...values().availability, mode: 'perDay' as const };
    const windows = (patch: Record<number, { from: string; to: string }>) =>
      base.windows.map((w, i) => patch[i] ?? w);
    const windowKey = (name: string) => `smartScheduler.wizard.availability.errors.${name}`;
    expect(issues(values({ availability: base }))).toEqual([]);
    expect(
      issues(
        values({
          availability: {
            ...base,
            windows: windows({
              1: { from: '12:00', to: '09:00' },
              3: { from: '09:00', to: '10:00' },
            }),
          },
          sessionLength: 1.5,
        }),
      ),
    ).toEqual([
      `availability.windows.1.to: ${windowKey('endBeforeStart')}`,
      `availability.windows.3.to: ${windowKey('tooShort')}`,
    ]);
    // A day that is not a study day keeps its window unchecked.
    const off = base.days.map((_, i) => i !== 1);
    expect(
      issues(
        values({
          availability: {
            ...base,
            days: off,
            windows: windows({ 1: { from: '12:00', to: '12:00' } }),
          },
        }),
      ),
    ).toEqual([]);
    // Every study day in error: the week has no study time either, and its message comes first.
    const broken = base.windows.map(() => ({ from: '12:00', to: '09:00' }));
    expect(issues(values({ availability: { ...base, windows: broken } }))[0]).toBe(
      `availability: ${WIZARD_MESSAGES.noStudyTime}`,
    );
    // The quick choice ignores the windows.
    expect(issues(values({ availability: { ...base, mode: 'same', windows: broken } }))).toEqual(
      [],
    );
  });

  it('puts each subject problem on its subject and field', () => {
    expect(
      issues(values({ subjects: [subject(), subject({ name: '  ', keyTopics: 'a'.repeat(49) })] })),
    ).toEqual([
      'subjects.1.name: Name is required.',
      `subjects.1.keyTopics: ${WIZARD_MESSAGES.keyTopicsMin}`,
    ]);
    expect(issues(values({ subjects: [] }))).toEqual([
      `subjects.root: ${WIZARD_MESSAGES.noSubjects}`,
    ]);
  });

  it('keeps a deadline after the start and inside the period, by the contract rule', () => {
    expect(issues(values({ subjects: [subject({ deadline: '2026-03-29' })] }))).toEqual([]);
    expect(
      issues(
        values({
          subjects: [
            subject({ deadline: '2026-03-02' }),
            subject({ name: 'Chemistry', keyTopics: '' }),
          ],
        }),
      ),
    ).toEqual([
      `subjects.1.keyTopics: ${WIZARD_MESSAGES.keyTopicsMin}`,
      `subjects.0.deadline: ${WIZARD_MESSAGES.deadlineOutsidePeriod}`,
    ]);
    expect(issues(values({ subjects: [subject({ deadline: '2026-03-30' })] }))).toEqual([
      `subjects.0.deadline: ${WIZARD_MESSAGES.deadlineOutsidePeriod}`,
    ]);
  });

  it('refuses two subjects that would share a file part name, on the later one', () => {
    expect(
      issues(
        values({
          subjects: [
            subject({ name: 'Math A' }),
            subject({ name: 'Physics' }),
            subject({ name: 'math_a' }),
          ],
        }),
      ),
    ).toEqual([
      'subjects.2.name: Each subject needs its own name ("Math A" and "math_a" count as the same).',
    ]);
  });

  it('asks for the files a reload forgot, and keeps all files within one request', () => {
    const missing = [{ name: 'notes.md', size: 10 }];
    expect(issues(values({ subjects: [subject({ missingFiles: missing })] }))).toEqual([
      `subjects.0.files: ${key('missingFiles')}`,
    ]);
    const big = { name: 'big.pdf', size: WIZARD.requestSizeMax / 2 + 1 } as File;
    expect(
      issues(
        values({
          subjects: [subject({ files: [big] }), subject({ name: 'Chemistry', files: [big] })],
        }),
      ),
    ).toEqual([`subjects.root: ${key('requestTooLarge')}`]);
  });
});

describe('firstProblem', () => {
  const message = (text: string) => ({ type: 'custom', message: text });

  it('finds the first subject in error and, in it, the first field the student meets', () => {
    const errors = {
      subjects: Object.assign([undefined, { keyTopics: message('b'), name: message('a') }], {
        root: message('c'),
      }),
    };
    expect(firstProblem(2, errors, 2)).toEqual({ message: 'a', subjectIndex: 1, field: 'name' });
    expect(firstProblem(2, { subjects: { root: message('c') } }, 0)).toEqual({ message: 'c' });
    expect(firstProblem(1, errors, 2)).toBeNull();
  });

  it('reads the period fields in order and the week as one', () => {
    const errors = {
      period: { end: message('e'), start: message('s') },
      availability: message('w'),
    };
    expect(firstProblem(0, errors, 1)).toEqual({ message: 's' });
    expect(firstProblem(1, errors, 1)).toEqual({ message: 'w' });
  });

  it('reads a day’s window before the week, naming the day', () => {
    const errors = {
      availability: Object.assign(message('w'), {
        windows: [undefined, undefined, { to: message('d2') }, { to: message('d3') }],
      }),
    };
    expect(firstProblem(1, errors, 1)).toEqual({ message: 'd2', day: 2 });
  });
});
