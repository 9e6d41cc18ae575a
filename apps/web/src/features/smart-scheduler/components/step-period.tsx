import { useId, useState } from 'react';
import { InputField, SelectField } from '@/components/form-field';
import { formatIsoDate } from '../utils/dates';
import {
  type PeriodInput,
  type PeriodMode,
  resolvePeriod,
  validatePeriod,
  WEEK_CHOICES,
  weeksLabel,
} from '../utils/period';

export interface StepPeriodProps {
  value: PeriodInput;
  onChange: (next: PeriodInput) => void;
  today: string;
}

/** Step 1: the study period, by a number of weeks or by an end date (SPEC.md sections 4, 9). */
export function StepPeriod({ value, onChange, today }: StepPeriodProps) {
  const modeName = useId();
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const errors = validatePeriod(value, today);
  const period = resolvePeriod(value);
  const shown = (field: 'start' | 'weeks' | 'end', filled: boolean) =>
    touched[field] || filled ? errors[field] : undefined;
  const touch = (field: string) => setTouched((t) => ({ ...t, [field]: true }));
  const setMode = (mode: PeriodMode) => onChange({ ...value, mode });

  return (
    <div className="wizard-step__body">
      <fieldset className="form__fieldset">
        <legend className="form__legend">How do you want to set the period?</legend>
        <div className="choice-group">
          <label className="choice">
            <input
              type="radio"
              name={modeName}
              value="weeks"
              checked={value.mode === 'weeks'}
              onChange={() => setMode('weeks')}
            />
            <span>A number of weeks</span>
          </label>
          <label className="choice">
            <input
              type="radio"
              name={modeName}
              value="endDate"
              checked={value.mode === 'endDate'}
              onChange={() => setMode('endDate')}
            />
            <span>An end date</span>
          </label>
        </div>
      </fieldset>
      <div className="form__row">
        <InputField
          label="Start date"
          type="date"
          required
          min={today}
          value={value.start}
          onChange={(e) => onChange({ ...value, start: e.target.value })}
          onBlur={() => touch('start')}
          error={shown('start', value.start !== '')}
        />
        {value.mode === 'weeks' ? (
          <SelectField
            label="Length"
            required
            value={String(value.weeks)}
            onChange={(e) => onChange({ ...value, weeks: Number(e.target.value) })}
            onBlur={() => touch('weeks')}
            error={shown('weeks', true)}
          >
            {WEEK_CHOICES.map((w) => (
              <option key={w} value={w}>
                {weeksLabel(w)}
              </option>
            ))}
          </SelectField>
        ) : (
          <InputField
            label="End date"
            type="date"
            required
            min={value.start || today}
            value={value.end}
            onChange={(e) => onChange({ ...value, end: e.target.value })}
            onBlur={() => touch('end')}
            error={shown('end', value.end !== '')}
          />
        )}
      </div>
      <p className="wizard-summary" aria-live="polite">
        {period && Object.keys(errors).length === 0
          ? `Your study period: ${formatIsoDate(period.start, 'en-GB')} to ${formatIsoDate(period.end, 'en-GB')}.`
          : 'Choose a start date and a length to see your study period.'}
      </p>
    </div>
  );
}
