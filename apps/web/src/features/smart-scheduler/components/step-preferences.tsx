import { CheckboxField, TextAreaField } from '@/components/form-field';
import type { SessionLength } from '../utils/availability';
import { SessionLengthChoice } from './session-length-choice';

export interface StepPreferencesProps {
  sessionLength: SessionLength;
  frontLoad: boolean;
  extraWishes: string;
  onChange: (next: {
    sessionLength: SessionLength;
    frontLoad: boolean;
    extraWishes: string;
  }) => void;
}

/** Step 4: session length (prefilled from step 2), front-loading and extra wishes. */
export function StepPreferences({
  sessionLength,
  frontLoad,
  extraWishes,
  onChange,
}: StepPreferencesProps) {
  const value = { sessionLength, frontLoad, extraWishes };
  return (
    <div className="wizard-step__body">
      <SessionLengthChoice
        value={sessionLength}
        onChange={(next) => onChange({ ...value, sessionLength: next })}
      />
      <CheckboxField
        label="Front-load my plan (study more in the first weeks)"
        checked={frontLoad}
        onChange={(e) => onChange({ ...value, frontLoad: e.target.checked })}
      />
      <TextAreaField
        label="Extra wishes"
        hint="For example: no Sundays, mornings."
        placeholder="no Sundays, mornings"
        rows={3}
        maxLength={2000}
        value={extraWishes}
        onChange={(e) => onChange({ ...value, extraWishes: e.target.value })}
      />
    </div>
  );
}
