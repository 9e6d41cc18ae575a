import { WIZARD } from '@studybuddy/contracts';
import { SelectField } from '@/components/form-field';
import {
  type AvailabilityInput,
  HOUR_CHOICES,
  type SessionLength,
  WEEKDAYS,
  weeklyHours,
} from '../utils/availability';
import { SessionLengthChoice } from './session-length-choice';

export interface StepAvailabilityProps {
  value: AvailabilityInput;
  onChange: (next: AvailabilityInput) => void;
  sessionLength: SessionLength;
  onSessionLengthChange: (next: SessionLength) => void;
}

const hoursText = (h: number) => `${h} ${h === 1 ? 'hour' : 'hours'}`;

/** Step 2: study days with their available hours, the start time and the session length. */
export function StepAvailability({
  value,
  onChange,
  sessionLength,
  onSessionLengthChange,
}: StepAvailabilityProps) {
  const setDay = (i: number, on: boolean) =>
    onChange({ ...value, days: value.days.map((d, j) => (j === i ? on : d)) });
  const setHours = (i: number, h: number) =>
    onChange({ ...value, hours: value.hours.map((d, j) => (j === i ? h : d)) });
  const total = weeklyHours(value);

  return (
    <div className="wizard-step__body">
      <fieldset className="form__fieldset">
        <legend className="form__legend">Study days and available hours</legend>
        <ul className="wizard-days">
          {WEEKDAYS.map((day, i) => {
            const on = value.days[i] === true;
            const checkboxId = `wizard-day-${i}`;
            const hoursId = `wizard-day-${i}-hours`;
            return (
              <li key={day} className="wizard-days__row">
                <span className="wizard-days__day">
                  <input
                    id={checkboxId}
                    type="checkbox"
                    className="checkbox-field__control"
                    checked={on}
                    onChange={(e) => setDay(i, e.target.checked)}
                  />
                  <label htmlFor={checkboxId}>{day}</label>
                </span>
                <label htmlFor={hoursId} className="visually-hidden">
                  Available hours on {day}
                </label>
                <select
                  id={hoursId}
                  className="field__control wizard-days__hours"
                  value={String(value.hours[i] ?? 0)}
                  disabled={!on}
                  onChange={(e) => setHours(i, Number(e.target.value))}
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
          label="Start time"
          hint="Each study day starts here and runs for its available hours (until midnight at the latest)."
          value={value.startTime}
          onChange={(e) => onChange({ ...value, startTime: e.target.value })}
        >
          {WIZARD.startTimes.map((time) => (
            <option key={time} value={time}>
              {time}
            </option>
          ))}
        </SelectField>
        <SessionLengthChoice value={sessionLength} onChange={onSessionLengthChange} />
      </div>
      <p className="wizard-summary" aria-live="polite">
        {`About ${total} ${total === 1 ? 'hour' : 'hours'} of study time a week.`}
      </p>
    </div>
  );
}
