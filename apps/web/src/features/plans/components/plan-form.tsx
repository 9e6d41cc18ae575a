import { zodResolver } from '@hookform/resolvers/zod';
import { type PlanDetail, type PlanInput, planInputSchema } from '@studybuddy/contracts';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { FormMessage, InputField, TextAreaField } from '@/components/form-field';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { putFieldIssues, shownError } from '@/lib/form-errors';
import { useCreatePlan } from '../api/create-plan';
import { useUpdatePlan } from '../api/update-plan';

type PlanFormOutput = z.output<typeof planInputSchema>;
const formFields = ['name', 'deadline', 'description'] as const;

export interface PlanFormProps {
  /** The plan to edit; without it the form creates a plan. */
  plan?: PlanDetail | undefined;
  /** Called with the saved plan (create goes to its detail, edit too). */
  onSaved: (plan: PlanDetail) => void;
}

/**
 * Create and edit plan (docs/product.md, Screens and Validation): name required
 * (PLAN_NAME_REQUIRED once touched), deadline and description optional; real saves.
 */
export function PlanForm({ plan, onSaved }: PlanFormProps) {
  const { t, i18n } = useTranslation();
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<
    PlanInput,
    unknown,
    PlanFormOutput
  >({
    resolver: zodResolver(planInputSchema),
    mode: 'onTouched',
    defaultValues: {
      name: plan?.name ?? '',
      deadline: plan?.deadline ?? '',
      description: plan?.description ?? '',
    },
  });
  const errorText = (name: FieldPath<PlanInput>) => shownError(formState, name, t);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const input: PlanInput = values;
    try {
      const saved = plan
        ? await update.mutateAsync({ id: plan.id, input })
        : await create.mutateAsync(input);
      onSaved(saved);
    } catch (error) {
      if (!putFieldIssues(error, formFields, setError, t, i18n.language))
        setFormError(errorMessage(error, t, i18n.language));
    }
  });

  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      <FormMessage tone="error">{formError}</FormMessage>
      <p className="form__note">{t('plans.form.requiredNote')}</p>
      <InputField
        label={t('plans.form.name')}
        required
        autoComplete="off"
        error={errorText('name')}
        {...register('name')}
      />
      <InputField
        label={t('plans.form.deadline')}
        type="date"
        error={errorText('deadline')}
        {...register('deadline')}
      />
      <TextAreaField
        label={t('plans.form.description')}
        rows={4}
        error={errorText('description')}
        {...register('description')}
      />
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting
            ? t('plans.form.saving')
            : plan
              ? t('plans.form.save')
              : t('plans.form.create')}
        </button>
        <Link to={paths.dashboard} className="button button--ghost">
          {t('plans.form.cancel')}
        </Link>
      </div>
    </form>
  );
}
