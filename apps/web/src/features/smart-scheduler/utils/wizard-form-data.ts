import type { WizardPeriod, WizardPreferences, WizardSubjects } from '@studybuddy/contracts';
import { subjectFileField } from '@studybuddy/contracts';
import { toAvailability } from './availability';
import { resolvePeriod } from './period';
import type { WizardState } from './wizard-state';

/** The browser's IANA time zone; the server reads and answers dates and times in it. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** A fresh id for one generation, to follow its progress (8 to 64 letters, digits, dashes). */
export function newJobId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  return `job-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * The multipart body of POST /api/ai/ProcessStudyMaterials (SPEC.md section 7): period,
 * availability, subjects and preferences as JSON strings, language, timeZone and jobId, then one
 * file part per file, named by its subject's name with spaces as underscores.
 */
export function buildWizardFormData(
  state: WizardState,
  options: { timeZone: string; jobId: string },
): FormData {
  const period = resolvePeriod(state.period);
  if (!period) throw new Error('The study period is incomplete.');
  const periodPart: WizardPeriod = period;
  const subjects: WizardSubjects = state.subjects.map((s, subjectIndex) => ({
    name: s.name.trim(),
    keyTopics: s.keyTopics.trim(),
    ...(s.deadline ? { deadline: s.deadline } : {}),
    ...(s.priority !== '' ? { priority: Number(s.priority) as 0 | 1 | 2 } : {}),
    subjectIndex,
  }));
  const preferences: WizardPreferences = {
    sessionLength: state.sessionLength,
    frontLoad: state.frontLoad,
    extraWishes: state.extraWishes.trim(),
  };
  const form = new FormData();
  form.append('period', JSON.stringify(periodPart));
  form.append(
    'availability',
    JSON.stringify(toAvailability(state.availability, state.sessionLength)),
  );
  form.append('subjects', JSON.stringify(subjects));
  form.append('preferences', JSON.stringify(preferences));
  // SPEC.md section 1: the wizard's language is fixed to English.
  form.append('language', 'en');
  form.append('timeZone', options.timeZone);
  form.append('jobId', options.jobId);
  // Text parts first: the server reads them before it streams the files.
  for (const s of state.subjects) {
    const field = subjectFileField(s.name);
    for (const file of s.files) form.append(field, file, file.name);
  }
  return form;
}
