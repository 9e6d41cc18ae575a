import { zodResolver } from '@hookform/resolvers/zod';
import {
  type JoinClassInput,
  type JoinClassResult,
  joinClassInputSchema,
} from '@studybuddy/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormMessage, InputField, SelectField } from '@/components/form-field';
import { errorMessage } from '@/lib/error-message';
import { putFieldIssues, shownError } from '@/lib/form-errors';
import { useJoinClass } from '../api/join-class';
import './classes.css';

type JoinOutput = z.output<typeof joinClassInputSchema>;
const formFields = ['code', 'planId'] as const;

export interface JoinClassFormProps {
  /** The student's plans, one of which may hold the class (by default a new plan does). */
  plans: ReadonlyArray<{ id: number; name: string }>;
  /** The code of a join link, filled in. */
  code?: string | undefined;
  /** Called once joined, with the name of the plan the class went into. */
  onJoined: (result: JoinClassResult, planName: string) => void;
}

/**
 * Joining a class with the code the teacher gave (docs/classes.md): typed as read out, in any
 * case and with its dash; the class becomes subjects in a plan the student picks, or a new one.
 */
export function JoinClassForm({ plans, code = '', onJoined }: JoinClassFormProps) {
  const { t, i18n } = useTranslation();
  const join = useJoinClass();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<
    JoinClassInput,
    unknown,
    JoinOutput
  >({
    resolver: zodResolver(joinClassInputSchema),
    mode: 'onTouched',
    defaultValues: { code, planId: undefined },
  });

  const onSubmit = handleSubmit(async (input) => {
    setFormError(null);
    try {
      const result = await join.mutateAsync(input);
      const chosen = plans.find((p) => p.id === result.planId);
      onJoined(result, chosen?.name ?? result.class.name);
    } catch (error) {
      if (!putFieldIssues(error, formFields, setError, t, i18n.language))
        setFormError(errorMessage(error, t, i18n.language));
    }
  });

  return (
    <form className="form class-join" noValidate onSubmit={onSubmit}>
      <FormMessage tone="error">{formError}</FormMessage>
      <InputField
        label={t('classes.join.code')}
        hint={t('classes.join.codeHint')}
        required
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={32}
        error={shownError(formState, 'code', t)}
        {...register('code')}
      />
      <SelectField
        label={t('classes.join.plan')}
        hint={t('classes.join.planHint')}
        error={shownError(formState, 'planId', t)}
        {...register('planId', { setValueAs: (v) => (v === '' || v == null ? undefined : v) })}
      >
        <option value="">{t('classes.join.newPlan')}</option>
        {plans.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </SelectField>
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t('classes.join.joining') : t('classes.join.submit')}
        </button>
      </div>
    </form>
  );
}
