import { WIZARD, WORKLOAD } from '@studybuddy/contracts';
import { type AvailabilityInput, type SessionLength, toPerDay } from './availability';
import type { PeriodInput } from './period';
import { newSubject, type SubjectDraft } from './subjects';

/** The steps in order; each id names its title (`smartScheduler.wizard.steps.<id>`). */
export const WIZARD_STEPS = ['period', 'availability', 'subjects', 'preferences'] as const;
export type WizardStep = 0 | 1 | 2 | 3;

/** Everything the student enters in the wizard: the values of its form, before conversion. */
export interface WizardValues {
  period: PeriodInput;
  availability: AvailabilityInput;
  /** Chosen in step 2 and shown again, prefilled, in step 4. */
  sessionLength: SessionLength;
  subjects: SubjectDraft[];
  frontLoad: boolean;
  extraWishes: string;
  /** The weekly booking cap: the most of a week's free time the plan books (0.5 to 1). */
  maxLoad: number;
}

/** The form's values plus where the student is in it. */
export interface WizardState extends WizardValues {
  step: WizardStep;
  /** Id of the one expanded subject, or null. */
  expandedSubject: string | null;
}

/**
 * A new wizard with its defaults: today, four weeks, every day 3 hours from 17:00 (the quick
 * choice; the per-day windows hold the same times until the student switches to them).
 */
export function initialWizardState(today: string): WizardState {
  const first = newSubject();
  const sessionLength: SessionLength = 1;
  const quick: AvailabilityInput = {
    mode: 'same',
    days: Array(7).fill(true),
    hours: Array(7).fill(3),
    startTime: WIZARD.defaultStartTime,
    windows: [],
  };
  const availability = { ...quick, windows: toPerDay(quick, sessionLength).windows };
  return {
    step: 0,
    period: { mode: 'weeks', start: today, weeks: WIZARD.weeksDefault, end: '' },
    availability,
    sessionLength,
    subjects: [first],
    expandedSubject: first.id,
    frontLoad: false,
    extraWishes: '',
    maxLoad: WORKLOAD.maxLoadDefault,
  };
}

/** The form's values of a wizard state. */
export function wizardValues(state: WizardState): WizardValues {
  const { step: _step, expandedSubject: _expanded, ...values } = state;
  return values;
}
