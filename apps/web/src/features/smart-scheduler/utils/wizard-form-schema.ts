import { parseClock, WIZARD, windowStudyHours, wizardInputSchema } from '@studybuddy/contracts';
import type { FieldErrors, FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { isValidWindow } from './availability';
import { isIsoDate } from './dates';
import { resolvePeriod } from './period';
import { SUBJECT_FIELDS, type SubjectField } from './subjects';
import { toWizardInput } from './wizard-form-data';
import type { WizardStep, WizardValues } from './wizard-state';

/** The form fields of each step, checked together when the student presses Next. */
export const STEP_FIELDS: Record<WizardStep, FieldPath<WizardValues>[]> = {
  0: ['period'],
  1: ['availability'],
  2: ['subjects'],
  3: ['sessionLength', 'frontLoad', 'maxLoad', 'extraWishes'],
};

const errorKey = (name: string) => `smartScheduler.wizard.errors.${name}`;
const windowErrorKey = (name: string) => `smartScheduler.wizard.availability.errors.${name}`;
type Path = (string | number)[];

/**
 * Where a contract issue belongs in the form, or null to drop it. The contract checks the
 * request the form turns into: a weeks-mode end date is the Length field, an availability
 * problem concerns the whole week, a subject's issue stays on its subject.
 */
function formPath(path: readonly PropertyKey[], values: WizardValues): Path | null {
  const [part, ...rest] = path.map((p) => (typeof p === 'symbol' ? String(p) : p));
  if (part === 'period') {
    // An incomplete period already has its own message on the field that is missing.
    if (!resolvePeriod(values.period)) return null;
    if (rest[0] === 'start') return ['period', 'start'];
    return ['period', values.period.mode === 'weeks' ? 'weeks' : 'end'];
  }
  if (part === 'availability') return ['availability'];
  if (part === 'subjects') {
    const [index, field] = rest;
    if (typeof index !== 'number') return ['subjects', 'root'];
    if (field === 'subjectIndex') return null;
    return field === undefined ? ['subjects', index, 'name'] : ['subjects', index, field];
  }
  if (part === 'preferences' && rest[0] !== undefined) return [rest[0]];
  return null;
}

/**
 * The wizard form's schema. The contract's wizardInputSchema checks what the server will check,
 * on the request these values become; before it come the rules only the browser can apply:
 * the start is not before `today` (the student's own date), the period is complete, the files
 * a reload forgot are chosen again, all files fit in one request, and in per-day mode each study
 * day's window ends after it starts and holds at least one session.
 * Messages are contract texts or `smartScheduler.wizard.errors.*` and
 * `smartScheduler.wizard.availability.errors.*` keys.
 */
export function wizardFormSchema(today: string) {
  return z.custom<WizardValues>().superRefine((values, ctx) => {
    const issue = (path: Path, message: string) => ctx.addIssue({ code: 'custom', path, message });
    const { period } = values;
    if (!isIsoDate(period.start)) issue(['period', 'start'], errorKey('startRequired'));
    else if (period.start < today) issue(['period', 'start'], errorKey('startInPast'));
    if (period.mode === 'weeks') {
      const { weeks } = period;
      if (!Number.isInteger(weeks) || weeks < WIZARD.weeksMin || weeks > WIZARD.weeksMax) {
        issue(['period', 'weeks'], errorKey('weeksRequired'));
      }
    } else if (!isIsoDate(period.end)) {
      issue(['period', 'end'], errorKey('endRequired'));
    }
    for (const [index, subject] of values.subjects.entries()) {
      if (subject.missingFiles?.length)
        issue(['subjects', index, 'files'], errorKey('missingFiles'));
    }
    const bytes = values.subjects.reduce(
      (sum, s) => sum + s.files.reduce((a, f) => a + f.size, 0),
      0,
    );
    if (bytes > WIZARD.requestSizeMax) issue(['subjects', 'root'], errorKey('requestTooLarge'));

    const parsed = wizardInputSchema.safeParse(toWizardInput(values));
    for (const contractIssue of parsed.error?.issues ?? []) {
      const path = formPath(contractIssue.path, values);
      if (path) issue(path, contractIssue.message);
    }

    // After the contract's: the resolver nests errors in this order, and the week's message on
    // `availability` would replace the days' errors beneath it were it set after them.
    const { availability } = values;
    if (availability.mode === 'perDay') {
      for (const [day, on] of availability.days.entries()) {
        const span = availability.windows[day];
        if (!on || !span) continue;
        const path = ['availability', 'windows', day, 'to'];
        if (!isValidWindow(span)) issue(path, windowErrorKey('endBeforeStart'));
        else if (
          windowStudyHours(parseClock(span.from), parseClock(span.to), values.sessionLength) === 0
        )
          issue(path, windowErrorKey('tooShort'));
      }
    }
  });
}

/** The first problem of a step, in the order the student meets the fields. */
export interface StepProblem {
  message: string;
  /** On the availability step: the weekday (0 = Monday) whose window is in error. */
  day?: number;
  /** On the subjects step: the subject in error and its field (none for the list as a whole). */
  subjectIndex?: number;
  field?: SubjectField;
}

/** The first problem of `step` among the form's errors, or null when the step is fine. */
export function firstProblem(
  step: WizardStep,
  errors: FieldErrors<WizardValues>,
  subjectCount: number,
): StepProblem | null {
  const found = (message: string | undefined) => (message ? { message } : null);
  switch (step) {
    case 0:
      return (
        found(errors.period?.start?.message) ??
        found(errors.period?.weeks?.message) ??
        found(errors.period?.end?.message)
      );
    case 1: {
      const windows = errors.availability?.windows;
      for (let day = 0; day < 7; day += 1) {
        const message = windows?.[day]?.to?.message;
        if (typeof message === 'string' && message) return { message, day };
      }
      return found(errors.availability?.message);
    }
    case 2: {
      const list = errors.subjects;
      if (subjectCount === 0) return found(list?.root?.message);
      for (let subjectIndex = 0; subjectIndex < subjectCount; subjectIndex += 1) {
        for (const field of SUBJECT_FIELDS) {
          const message = list?.[subjectIndex]?.[field]?.message;
          if (typeof message === 'string' && message) return { message, subjectIndex, field };
        }
      }
      return found(list?.root?.message);
    }
    case 3:
      return (
        found(errors.sessionLength?.message) ??
        found(errors.frontLoad?.message) ??
        found(errors.maxLoad?.message) ??
        found(errors.extraWishes?.message)
      );
  }
}
