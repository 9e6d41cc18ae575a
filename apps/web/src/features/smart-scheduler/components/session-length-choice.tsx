import { WIZARD } from '@studybuddy/contracts';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { WizardValues } from '../utils/wizard-state';

/** Session length 1h / 1.5h / 2h as a radio group (step 2). */
export function SessionLengthChoice() {
  const { t, i18n } = useTranslation();
  const { field } = useController<WizardValues, 'sessionLength'>({ name: 'sessionLength' });
  const format = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <fieldset className="form__fieldset">
      <legend className="form__legend">{t('smartScheduler.wizard.sessionLength')}</legend>
      <div className="choice-group">
        {WIZARD.sessionLengths.map((length) => (
          <label key={length} className="choice">
            <input
              type="radio"
              name={field.name}
              value={length}
              checked={field.value === length}
              onChange={() => field.onChange(length)}
              onBlur={field.onBlur}
            />
            <span>
              {t('smartScheduler.wizard.availability.hours', {
                count: length,
                hours: format.format(length),
              })}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
