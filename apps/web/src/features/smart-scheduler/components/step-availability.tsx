import { WEEKDAYS, WIZARD } from '@studybuddy/contracts';
import type { ReactNode } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/form-field';
import {
  type AvailabilityMode,
  FROM_CHOICES,
  HOUR_CHOICES,
  TO_CHOICES,
  toAvailability,
  toPerDay,
  weeklyHours,
} from '../utils/availability';
import { wizardMessage } from '../utils/wizard-messages';
import type { WizardValues } from '../utils/wizard-state';
import { SessionLengthChoice } from './session-length-choice';

/** The id of a weekday's "to" select in per-day mode (the wizard focuses it on a problem). */
export const dayEndFieldId = (day: number) => `wizard-day-${day}-to`;

/**
 * Step 2: study days with their times, and the session length. The quick choice gives hours per
 * day from one start time; per-day mode gives each day a window of its own (from, to). `extra`:
 * what the page adds under them (the timetable import).
 */
export function StepAvailability({ extra }: { extra?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { register, control, getValues, setValue } = useFormContext<WizardValues>();
  const availability = useWatch({ control, name: 'availability' });
  const sessionLength = useWatch({ control, name: 'sessionLength' });
  const { errors } = useFormState({ control, name: 'availability' });
  const hours = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const hoursText = (count: number) =>
    t('smartScheduler.wizard.availability.hours', { count, hours: hours.format(count) });
  const perDay = availability.mode === 'perDay';
  const days = toAvailability(availability, sessionLength);
  const total = weeklyHours(availability, sessionLength);

  function chooseMode(mode: AvailabilityMode) {
    if (mode === availability.mode) return;
    const current = getValues('availability');
    // Per-day mode starts from the quick choice's current times; the quick choice keeps its own.
    const next = mode === 'perDay' ? toPerDay(current, getValues('sessionLength')) : current;
    setValue('availability', { ...next, mode }, { shouldDirty: true });
  }

  return (
    <div className="wizard-step__body">
      <fieldset className="form__fieldset">
        <legend className="form__legend">{t('smartScheduler.wizard.availability.mode')}</legend>
        <div className="choice-group">
          {(['same', 'perDay'] as const).map((mode) => (
            <label key={mode} className="choice">
              <input
                type="radio"
                name="wizard-availability-mode"
                value={mode}
                checked={availability.mode === mode}
                onChange={() => chooseMode(mode)}
              />
              <span>
                {t(
                  mode === 'same'
                    ? 'smartScheduler.wizard.availability.modeSame'
                    : 'smartScheduler.wizard.availability.modePerDay',
                )}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset
        className="form__fieldset"
        aria-describedby={perDay ? 'wizard-days-hint' : undefined}
      >
        <legend className="form__legend">
          {t(
            perDay
              ? 'smartScheduler.wizard.availability.legendPerDay'
              : 'smartScheduler.wizard.availability.legend',
          )}
        </legend>
        {perDay ? (
          <p id="wizard-days-hint" className="field__hint">
            {t('smartScheduler.wizard.availability.perDayHint')}
          </p>
        ) : null}
        <ul className={`wizard-days${perDay ? ' wizard-days--windows' : ''}`}>
          {WEEKDAYS.map((weekday, i) => {
            const on = availability.days[i] === true;
            const day = t(`smartScheduler.wizard.weekdays.${weekday.toLowerCase()}`);
            const checkboxId = `wizard-day-${i}`;
            const hoursId = `wizard-day-${i}-hours`;
            const fromId = `wizard-day-${i}-from`;
            const toId = dayEndFieldId(i);
            const dayCheckbox = (
              <span className="wizard-days__day">
                <input
                  id={checkboxId}
                  type="checkbox"
                  className="checkbox-field__control"
                  {...register(`availability.days.${i}`)}
                />
                <label htmlFor={checkboxId}>{day}</label>
              </span>
            );
            if (!perDay) {
              return (
                <li key={weekday} className="wizard-days__row">
                  {dayCheckbox}
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
            }
            const error = on
              ? wizardMessage(errors.availability?.windows?.[i]?.to?.message, t)
              : '';
            const errorId = `${toId}-error`;
            const fitId = `wizard-day-${i}-fit`;
            const studyHours = days[i]?.hours ?? 0;
            return (
              <li key={weekday} className="wizard-days__row wizard-days__row--window">
                {dayCheckbox}
                <span className="wizard-days__times">
                  <label htmlFor={fromId} className="visually-hidden">
                    {t('smartScheduler.wizard.availability.fromOn', { day })}
                  </label>
                  <select
                    id={fromId}
                    className="field__control wizard-days__time"
                    {...register(`availability.windows.${i}.from`)}
                    disabled={!on}
                  >
                    {FROM_CHOICES.map((time) => (
                      <option key={time} value={time}>
                        {time}
                      </option>
                    ))}
                  </select>
                  <span aria-hidden="true">–</span>
                  <label htmlFor={toId} className="visually-hidden">
                    {t('smartScheduler.wizard.availability.toOn', { day })}
                  </label>
                  <select
                    id={toId}
                    className="field__control wizard-days__time"
                    aria-invalid={error ? true : undefined}
                    aria-describedby={on ? (error ? `${fitId} ${errorId}` : fitId) : undefined}
                    {...register(`availability.windows.${i}.to`)}
                    disabled={!on}
                  >
                    {TO_CHOICES.map((time) => (
                      <option key={time} value={time}>
                        {time}
                      </option>
                    ))}
                  </select>
                </span>
                {on ? (
                  <span id={fitId} className="wizard-days__fit">
                    {t('smartScheduler.wizard.availability.dayStudy', {
                      count: studyHours,
                      hours: hours.format(studyHours),
                    })}
                  </span>
                ) : null}
                {error ? (
                  <p id={errorId} className="field__error wizard-days__error">
                    {error}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      </fieldset>
      <div className="form__row">
        {perDay ? null : (
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
        )}
        <SessionLengthChoice />
      </div>
      <p className="wizard-summary" aria-live="polite">
        {t('smartScheduler.wizard.availability.weekTotal', {
          count: total,
          hours: hours.format(total),
        })}
      </p>
      {extra}
    </div>
  );
}
