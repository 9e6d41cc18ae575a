import type { TFunction } from 'i18next';
import { type FieldPath, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { InputField, SelectField } from '@/components/form-field';
import { formatIsoDate } from '../utils/dates';
import { resolvePeriod, WEEK_CHOICES } from '../utils/period';
import { wizardMessage } from '../utils/wizard-messages';
import type { WizardValues } from '../utils/wizard-state';

/**
 * The label of a weeks choice: '1 week', '5 weeks'. Whole weeks, never months: a month is not
 * four weeks, and "1 month 1 week" hid that the plan runs 35 days.
 */
export function weeksLabel(count: number, t: TFunction): string {
  return t('smartScheduler.wizard.period.weeks', { count });
}

/** Step 1: the study period, by a number of weeks or by an end date. */
export function StepPeriod({ today }: { today: string }) {
  const { t, i18n } = useTranslation();
  const { register, control, getFieldState } = useFormContext<WizardValues>();
  const formState = useFormState({ control, name: 'period' });
  const period = useWatch({ control, name: 'period' });
  const resolved = resolvePeriod(period);
  // A field's problem shows once it was left or holds a value (a typed date is judged at once),
  // and after Generate found it (a start kept from an earlier day may have gone stale).
  const shown = (name: FieldPath<WizardValues>, filled: boolean) => {
    const field = getFieldState(name, formState);
    const visible = field.isTouched || filled || formState.isSubmitted;
    return visible ? wizardMessage(field.error?.message, t) || undefined : undefined;
  };

  return (
    <div className="wizard-step__body">
      <fieldset className="form__fieldset">
        <legend className="form__legend">{t('smartScheduler.wizard.period.modeLegend')}</legend>
        <div className="choice-group">
          <label className="choice">
            <input type="radio" value="weeks" {...register('period.mode')} />
            <span>{t('smartScheduler.wizard.period.byWeeks')}</span>
          </label>
          <label className="choice">
            <input type="radio" value="endDate" {...register('period.mode')} />
            <span>{t('smartScheduler.wizard.period.byEndDate')}</span>
          </label>
        </div>
      </fieldset>
      <div className="form__row">
        <InputField
          label={t('smartScheduler.wizard.period.start')}
          type="date"
          required
          min={today}
          error={shown('period.start', period.start !== '')}
          {...register('period.start')}
        />
        {period.mode === 'weeks' ? (
          <SelectField
            label={t('smartScheduler.wizard.period.length')}
            required
            error={shown('period.weeks', true)}
            {...register('period.weeks', { valueAsNumber: true })}
          >
            {WEEK_CHOICES.map((w) => (
              <option key={w} value={w}>
                {weeksLabel(w, t)}
              </option>
            ))}
          </SelectField>
        ) : (
          <InputField
            label={t('smartScheduler.wizard.period.end')}
            type="date"
            required
            min={period.start || today}
            error={shown('period.end', period.end !== '')}
            {...register('period.end')}
          />
        )}
      </div>
      <p className="wizard-summary" aria-live="polite">
        {resolved && !formState.errors.period
          ? t('smartScheduler.wizard.period.summary', {
              start: formatIsoDate(resolved.start, i18n.language),
              end: formatIsoDate(resolved.end, i18n.language),
            })
          : t('smartScheduler.wizard.period.summaryEmpty')}
      </p>
    </div>
  );
}
