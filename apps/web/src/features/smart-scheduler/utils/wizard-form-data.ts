import type { WizardInput } from '@studybuddy/contracts';
import { subjectFileField } from '@studybuddy/contracts';
import { toAvailability } from './availability';
import { resolvePeriod } from './period';
import { typedHours } from './subjects';
import type { WizardValues } from './wizard-state';

/** A fresh id for one generation, to follow its progress (8 to 64 letters, digits, dashes). */
export function newJobId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  return `job-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * The wizard's values as the server takes them (the contract's WizardInput). A period that is
 * still incomplete keeps what was typed, so the contract names what is missing.
 */
export function toWizardInput(values: WizardValues): WizardInput {
  const { period } = values;
  return {
    period: resolvePeriod(period) ?? {
      start: period.start,
      end: period.mode === 'endDate' ? period.end : '',
    },
    availability: toAvailability(values.availability, values.sessionLength),
    subjects: values.subjects.map((s, subjectIndex) => ({
      name: s.name.trim(),
      keyTopics: s.keyTopics.trim(),
      ...(s.deadline ? { deadline: s.deadline } : {}),
      ...(s.priority !== '' ? { priority: Number(s.priority) as 0 | 1 | 2 } : {}),
      subjectIndex,
      // Only the number the student typed; an empty field leaves our estimate to the server.
      ...(s.deadline && typedHours(s.hoursNeeded) !== undefined
        ? { hoursNeeded: typedHours(s.hoursNeeded) }
        : {}),
      ...(!s.deadline && typedHours(s.weeklyHours) !== undefined
        ? { weeklyHours: typedHours(s.weeklyHours) }
        : {}),
    })),
    preferences: {
      sessionLength: values.sessionLength,
      frontLoad: values.frontLoad,
      extraWishes: values.extraWishes.trim(),
      maxLoad: values.maxLoad,
    },
  };
}

/**
 * The multipart body of POST /api/ai/ProcessStudyMaterials: period, availability, subjects and
 * preferences as JSON strings, language, timeZone and jobId, then one file part per file, named
 * by its subject's name with spaces as underscores.
 */
export function buildWizardFormData(
  values: WizardValues,
  options: { timeZone: string; jobId: string; language: string },
): FormData {
  if (!resolvePeriod(values.period)) throw new Error('The study period is incomplete.');
  const input = toWizardInput(values);
  const form = new FormData();
  form.append('period', JSON.stringify(input.period));
  form.append('availability', JSON.stringify(input.availability));
  form.append('subjects', JSON.stringify(input.subjects));
  form.append('preferences', JSON.stringify(input.preferences));
  form.append('language', options.language);
  form.append('timeZone', options.timeZone);
  form.append('jobId', options.jobId);
  // Text parts first: the server reads them before it streams the files.
  for (const s of values.subjects) {
    const field = subjectFileField(s.name);
    for (const file of s.files) form.append(field, file, file.name);
  }
  return form;
}
