import { WIZARD } from '@studybuddy/contracts';
import type { AvailabilityInput, SessionLength } from './availability';
import type { PeriodInput } from './period';
import { newSubject, type SubjectDraft } from './subjects';

export const WIZARD_STEPS = [
  'Study period',
  'Weekly availability',
  'Subjects',
  'Preferences',
] as const;
export type WizardStep = 0 | 1 | 2 | 3;

/** Every input of the wizard (SPEC.md section 3, setup wizard payload, before conversion). */
export interface WizardState {
  step: WizardStep;
  period: PeriodInput;
  availability: AvailabilityInput;
  /** Chosen in step 2 and shown again, prefilled, in step 4. */
  sessionLength: SessionLength;
  subjects: SubjectDraft[];
  /** Id of the one expanded subject, or null. */
  expandedSubject: string | null;
  frontLoad: boolean;
  extraWishes: string;
}

/** A new wizard with the defaults of SPEC.md section 9. */
export function initialWizardState(today: string): WizardState {
  const first = newSubject();
  return {
    step: 0,
    period: { mode: 'weeks', start: today, weeks: WIZARD.weeksDefault, end: '' },
    availability: {
      days: Array(7).fill(true),
      hours: Array(7).fill(3),
      startTime: WIZARD.defaultStartTime,
    },
    sessionLength: 1,
    subjects: [first],
    expandedSubject: first.id,
    frontLoad: false,
    extraWishes: '',
  };
}
