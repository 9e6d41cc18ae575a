import { WEEKDAYS, WIZARD } from '@studybuddy/contracts';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/form-field';
import { HOUR_CHOICES, weeklyHours } from '../utils/availability';
import type { WizardValues } from '../utils/wizard-state';
import { SessionLengthChoice } from './session-length-choice';

/** Step 2: study days with their available hours, the start time and the session length. */
export function StepAvailability() {
  const { t, i18n } = useTranslation();
  const { register, control } = useFormContext<WizardValues>();
  const availability = useWatch({ control, name: 'availability' });
  const hours = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const hoursText = (count: number) =>
    t('smartScheduler.wizard.availability.hours', { count, hours: hours.format(count) });
  const total = weeklyHours(availability);

  return (
    <div className="wizard-step__body">
      <fieldset className="form__fieldset">
        <legend className="form__legend">{t('smartScheduler.wizard.availability.legend')}</legend>
        <ul className="wizard-days">
          {WEEKDAYS.map((weekday, i) => {
            const on = availability.days[i] === true;
            const day = t(`smartScheduler.wizard.weekdays.${weekday.toLowerCase()}`);
            const checkboxId = `wizard-day-${i}`;
            const hoursId = `wizard-day-${i}-hours`;
            return (
              <li key={weekday} className="wizard-days__row">
                <span className="wizard-days__day">
                  <input
                    id={checkboxId}
                    type="checkbox"
                    className="checkbox-field__control"
                    {...register(`availability.days.${i}`)}
                  />
                  <label htmlFor={checkboxId}>{day}</label>
                </span>
                <label htmlFor={hoursId} className="visually-hidden">
                  {t('smartScheduler.wizard.availability.hoursOn', { day })}
                </label>
                <select
                  id={hoursId}
                  className="field__control wizard-days__hours"
                  {...register(`availability.hours.${i}`, { valueAsNumber: true })}
                  // Native disabled, not register's: a day switched off keeps its hours.
                  disabled={!on}
                >
                  {HOUR_CHOICES.map((h) => (
                    <option key={h} value={h}>
                      {hoursText(h)}
                    </option>
                  ))}
                </select>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <div className="form__row">
        <SelectField
          label={t('smartScheduler.wizard.availability.startTime')}
          hint={t('smartScheduler.wizard.availability.startTimeHint')}
          {...register('availability.startTime')}
        >
          {WIZARD.startTimes.map((time) => (
            <option key={time} value={time}>
              {time}
            </option>
          ))}
        </SelectField>
        <SessionLengthChoice />
      </div>
      <p className="wizard-summary" aria-live="polite">
        {t('smartScheduler.wizard.availability.weekTotal', {
          count: total,
          hours: hours.format(total),
        })}
      </p>
    </div>
  );
}
