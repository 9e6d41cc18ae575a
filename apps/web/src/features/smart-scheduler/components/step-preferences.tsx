import { WORKLOAD } from '@studybuddy/contracts';
import { useFormContext, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField, SelectField, TextAreaField } from '@/components/form-field';
import { wizardMessage } from '../utils/wizard-messages';
import type { WizardValues } from '../utils/wizard-state';

/** The weekly booking cap's choices: 50 % to 100 % in steps of 5. */
const MAX_LOAD_CHOICES: readonly number[] = Array.from(
  { length: Math.round((WORKLOAD.maxLoadMax - WORKLOAD.maxLoadMin) * 20) + 1 },
  (_, i) => Math.round((WORKLOAD.maxLoadMin + i * 0.05) * 100) / 100,
);

/**
 * Step 4: front-loading, the weekly booking cap and extra wishes (the session length is asked
 * once, at step 2, where it shapes each day's hours).
 */
export function StepPreferences() {
  const { t, i18n } = useTranslation();
  const { register, control } = useFormContext<WizardValues>();
  const { errors } = useFormState({ control, name: ['extraWishes', 'maxLoad'] });
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' });
  return (
    <div className="wizard-step__body">
      <CheckboxField
        label={t('smartScheduler.wizard.preferences.frontLoad')}
        {...register('frontLoad')}
      />
      <SelectField
        id="wizard-max-load"
        label={t('smartScheduler.wizard.preferences.maxLoad')}
        hint={t('smartScheduler.wizard.preferences.maxLoadHint', {
          percent: percent.format(WORKLOAD.maxLoadDefault),
        })}
        error={wizardMessage(errors.maxLoad?.message, t) || undefined}
        {...register('maxLoad', { setValueAs: (v: unknown) => Number(v) })}
      >
        {MAX_LOAD_CHOICES.map((value) => (
          <option key={value} value={String(value)}>
            {percent.format(value)}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={t('smartScheduler.wizard.preferences.extraWishes')}
        hint={t('smartScheduler.wizard.preferences.extraWishesHint')}
        placeholder={t('smartScheduler.wizard.preferences.extraWishesPlaceholder')}
        rows={3}
        maxLength={2000}
        error={wizardMessage(errors.extraWishes?.message, t) || undefined}
        {...register('extraWishes')}
      />
    </div>
  );
}
