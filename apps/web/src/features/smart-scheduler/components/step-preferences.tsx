import { useFormContext, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField, TextAreaField } from '@/components/form-field';
import { wizardMessage } from '../utils/wizard-messages';
import type { WizardValues } from '../utils/wizard-state';
import { SessionLengthChoice } from './session-length-choice';

/** Step 4: session length (prefilled from step 2), front-loading and extra wishes. */
export function StepPreferences() {
  const { t } = useTranslation();
  const { register, control } = useFormContext<WizardValues>();
  const { errors } = useFormState({ control, name: 'extraWishes' });
  return (
    <div className="wizard-step__body">
      <SessionLengthChoice />
      <CheckboxField
        label={t('smartScheduler.wizard.preferences.frontLoad')}
        {...register('frontLoad')}
      />
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
