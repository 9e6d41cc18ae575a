import { WEEKDAYS, type WizardInput } from '@studybuddy/contracts';
import { type FormEvent, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '@/components/form-field';
import { useWizardForm } from '../hooks/use-wizard-form';
import { toWizardInput } from '../utils/wizard-form-data';
import { firstProblem, STEP_FIELDS } from '../utils/wizard-form-schema';
import { wizardMessage } from '../utils/wizard-messages';
import { initialWizardState, wizardValues } from '../utils/wizard-state';
import { StepAvailability } from './step-availability';
import { StepPreferences } from './step-preferences';
import './smart-scheduler.css';

/** A study week as the server takes it: the wizard's availability and preferences. */
export type StudyWeek = Pick<WizardInput, 'availability' | 'preferences'>;

export interface StudyWeekFormProps {
  /** Called with a week that passed the wizard's own checks. */
  onSubmit: (week: StudyWeek) => void;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
}

/** The fields of the wizard's week (step 2) and preferences (step 4): all this form asks. */
const WEEK_FIELDS = [...STEP_FIELDS[1], ...STEP_FIELDS[3]];

/**
 * The wizard's week and preferences alone, for a plan that has subjects but no week yet (a
 * class joined into a plan made by hand). The same fields, defaults and checks as the wizard's
 * steps 2 and 4; the period and subjects come from the plan.
 */
export function StudyWeekForm({
  onSubmit,
  pending,
  submitLabel,
  pendingLabel,
}: StudyWeekFormProps) {
  const { t } = useTranslation();
  const { form } = useWizardForm((today) => wizardValues(initialWizardState(today)));
  /** Set by a failed submit: the problems are then told until a submit passes. */
  const [checked, setChecked] = useState(false);
  // Read while rendering, so the form re-renders as its errors change.
  const { errors } = form.formState;
  const found = checked ? (firstProblem(1, errors, 0) ?? firstProblem(3, errors, 0)) : null;
  const problem = !found
    ? null
    : found.day !== undefined
      ? t('smartScheduler.wizard.availability.dayProblem', {
          day: t(`smartScheduler.wizard.weekdays.${WEEKDAYS[found.day]?.toLowerCase()}`),
          message: wizardMessage(found.message, t),
        })
      : wizardMessage(found.message, t);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Only this form's fields: the period and subjects of the wizard's values are not asked.
    const valid = await form.trigger(WEEK_FIELDS);
    setChecked(!valid);
    if (!valid) return;
    const { availability, preferences } = toWizardInput(form.getValues());
    onSubmit({ availability, preferences });
  }

  return (
    <FormProvider {...form}>
      <form className="form study-week-form" noValidate onSubmit={submit}>
        <StepAvailability />
        <StepPreferences />
        <FormMessage tone="error">{problem}</FormMessage>
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={pending}>
            {pending ? pendingLabel : submitLabel}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
