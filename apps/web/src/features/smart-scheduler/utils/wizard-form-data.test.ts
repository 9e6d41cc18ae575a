import {
  wizardAvailabilitySchema,
  wizardInputSchema,
  wizardPeriodSchema,
  wizardPreferencesSchema,
  wizardSubjectsSchema,
} from '@studybuddy/contracts';
import { describe, expect, it } from 'vitest';
import { newSubject } from './subjects';
import { buildWizardFormData, toWizardInput } from './wizard-form-data';
import { initialWizardState, type WizardState } from './wizard-state';

const topics = 'Cell structure, mitosis and meiosis, DNA replication, protein synthesis.';

function state(): WizardState {
  const base = initialWizardState('2026-03-02');
  const notes = new File(['# Cells\nMitosis'], 'notes.md', { type: 'text/markdown' });
  const lab = new File(['lab'], 'lab.txt', { type: 'text/plain' });
  const pdf = new File(['%PDF-1.4'], 'reactions.pdf', { type: 'application/pdf' });
  return {
    ...base,
    sessionLength: 1.5,
    frontLoad: true,
    extraWishes: '  no Sundays, mornings ',
    subjects: [
      { ...newSubject(), name: ' Cell Biology ', keyTopics: ` ${topics} `, files: [notes, lab] },
      {
        ...newSubject(),
        name: 'Organic  chemistry',
        keyTopics: topics,
        deadline: '2026-03-20',
        priority: '2',
        files: [pdf],
      },
    ],
  };
}

describe('buildWizardFormData', () => {
  it('sends the four JSON parts, the language, time zone and job id', () => {
    const form = buildWizardFormData(state(), {
      timeZone: 'Europe/Athens',
      jobId: 'job-12345678',
      language: 'el',
    });
    const json = (name: string) => JSON.parse(form.get(name) as string);
    expect(json('period')).toEqual({ start: '2026-03-02', end: '2026-03-29' });
    expect(wizardPeriodSchema.safeParse(json('period')).success).toBe(true);
    expect(wizardAvailabilitySchema.safeParse(json('availability')).success).toBe(true);
    expect(json('availability')).toHaveLength(7);
    expect(json('subjects')).toEqual([
      { name: 'Cell Biology', keyTopics: topics, subjectIndex: 0 },
      {
        name: 'Organic  chemistry',
        keyTopics: topics,
        deadline: '2026-03-20',
        priority: 2,
        subjectIndex: 1,
      },
    ]);
    expect(wizardSubjectsSchema.safeParse(json('subjects')).success).toBe(true);
    expect(json('preferences')).toEqual({
      sessionLength: 1.5,
      frontLoad: true,
      extraWishes: 'no Sundays, mornings',
      maxLoad: 0.8,
    });
    expect(wizardPreferencesSchema.safeParse(json('preferences')).success).toBe(true);
    expect(form.get('language')).toBe('el');
    expect(form.get('timeZone')).toBe('Europe/Athens');
    expect(form.get('jobId')).toBe('job-12345678');
  });

  it('sends hours needed or hours a week only when typed, and the weekly booking cap', () => {
    const s = state();
    const [free, exam] = s.subjects as [WizardState['subjects'][0], WizardState['subjects'][0]];
    // Typed but for the other kind of subject: not sent (the field the student sees is sent).
    const input = toWizardInput({
      ...s,
      maxLoad: 0.65,
      subjects: [
        { ...free, weeklyHours: '3.5', hoursNeeded: '12' },
        { ...exam, hoursNeeded: ' 20 ', weeklyHours: '4' },
      ],
    });
    expect(input.subjects[0]).toMatchObject({ weeklyHours: 3.5 });
    expect(input.subjects[0]).not.toHaveProperty('hoursNeeded');
    expect(input.subjects[1]).toMatchObject({ hoursNeeded: 20 });
    expect(input.subjects[1]).not.toHaveProperty('weeklyHours');
    expect(input.preferences.maxLoad).toBe(0.65);
    expect(wizardInputSchema.safeParse(input).success).toBe(true);
    // Empty: our estimate, so nothing is sent.
    const untouched = toWizardInput(s);
    for (const subject of untouched.subjects) {
      expect(subject).not.toHaveProperty('hoursNeeded');
      expect(subject).not.toHaveProperty('weeklyHours');
    }
  });

  it('sends one file part per file, named by the subject with underscores', () => {
    const form = buildWizardFormData(state(), {
      timeZone: 'UTC',
      jobId: 'job-12345678',
      language: 'en',
    });
    const names = [...form.keys()];
    expect(names).toEqual([
      'period',
      'availability',
      'subjects',
      'preferences',
      'language',
      'timeZone',
      'jobId',
      'Cell_Biology',
      'Cell_Biology',
      'Organic_chemistry',
    ]);
    expect((form.getAll('Cell_Biology') as File[]).map((f) => f.name)).toEqual([
      'notes.md',
      'lab.txt',
    ]);
    expect((form.get('Organic_chemistry') as File).name).toBe('reactions.pdf');
  });

  it('sends the end date in end-date mode', () => {
    const s = state();
    s.period = { mode: 'endDate', start: '2026-03-02', weeks: 4, end: '2026-04-15' };
    const form = buildWizardFormData(s, { timeZone: 'UTC', jobId: 'job-12345678', language: 'en' });
    expect(JSON.parse(form.get('period') as string)).toEqual({
      start: '2026-03-02',
      end: '2026-04-15',
    });
  });

  it('sends what the contract accepts as a whole (each deadline inside the period)', () => {
    expect(wizardInputSchema.safeParse(toWizardInput(state())).success).toBe(true);
  });
});
