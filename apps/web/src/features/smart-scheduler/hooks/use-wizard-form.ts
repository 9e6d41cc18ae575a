import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { localToday } from '../utils/dates';
import { wizardFormSchema } from '../utils/wizard-form-schema';
import type { WizardValues } from '../utils/wizard-state';

/**
 * One react-hook-form over the wizard's values and schema (see wizardFormSchema), for the wizard
 * and for the week form that asks its steps 2 and 4 alone. `today` is the student's date when
 * the form opened: the schema and the defaults read it once.
 */
export function useWizardForm(defaults: (today: string) => WizardValues) {
  const [today] = useState(localToday);
  const [resolver] = useState(() => zodResolver(wizardFormSchema(today)));
  const form = useForm<WizardValues>({
    resolver,
    // Checked on Next (or submit), not on blur: a problem appearing as a field loses focus would
    // move the button from under the student's click. Once shown, problems re-check as they edit.
    mode: 'onSubmit',
    // Focus is moved by the screen: the failing field may sit on another step or subject.
    shouldFocusError: false,
    defaultValues: defaults(today),
  });
  return { form, today };
}
