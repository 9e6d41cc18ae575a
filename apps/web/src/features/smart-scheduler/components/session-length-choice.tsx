import { WIZARD } from '@studybuddy/contracts';
import { useId } from 'react';
import type { SessionLength } from '../utils/availability';

const labels: Record<SessionLength, string> = { 1: '1 hour', 1.5: '1.5 hours', 2: '2 hours' };

/** Session length 1h / 1.5h / 2h as a radio group (steps 2 and 4 share the value). */
export function SessionLengthChoice({
  value,
  onChange,
}: {
  value: SessionLength;
  onChange: (next: SessionLength) => void;
}) {
  const name = useId();
  return (
    <fieldset className="form__fieldset">
      <legend className="form__legend">Session length</legend>
      <div className="choice-group">
        {WIZARD.sessionLengths.map((length) => (
          <label key={length} className="choice">
            <input
              type="radio"
              name={name}
              value={length}
              checked={value === length}
              onChange={() => onChange(length)}
            />
            <span>{labels[length]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
