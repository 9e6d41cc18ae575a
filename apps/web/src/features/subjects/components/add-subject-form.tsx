import { zodResolver } from '@hookform/resolvers/zod';
import { createSubjectInputSchema, type Subject } from '@studybuddy/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormMessage, InputField } from '@/components/form-field';
import { isApiError } from '@/lib/api-error';
import { errorMessage, fieldIssueMessage } from '@/lib/error-message';
import { shownError } from '@/lib/form-errors';
import { useCreateSubject } from '../api/create-subject';
import './subjects.css';

const formSchema = z.object({ name: createSubjectInputSchema.shape.name });
type AddSubjectValues = z.input<typeof formSchema>;

export interface AddSubjectFormProps {
  planId: number;
  onAdded: (subject: Subject) => void;
}

/** Adds a subject to a plan (POST /subjects). */
export function AddSubjectForm({ planId, onAdded }: AddSubjectFormProps) {
  const { t, i18n } = useTranslation();
  const create = useCreateSubject();
  const [formError, setFormError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<
    AddSubjectValues,
    unknown,
    z.output<typeof formSchema>
  >({ resolver: zodResolver(formSchema), mode: 'onTouched', defaultValues: { name: '' } });

  const onSubmit = handleSubmit(async ({ name }) => {
    setFormError(null);
    setAdded(null);
    try {
      const subject = await create.mutateAsync({ studyPlanId: planId, name });
      reset({ name: '' });
      setAdded(t('subjects.add.added', { name: subject.name }));
      onAdded(subject);
    } catch (error) {
      const issue = isApiError(error)
        ? error.fieldIssues.find((i) => i.path === 'name')
        : undefined;
      if (issue && isApiError(error)) {
        setError('name', {
          type: 'server',
          message: fieldIssueMessage(issue.message, error.code, t, i18n.language),
        });
      } else {
        setFormError(errorMessage(error, t, i18n.language));
      }
    }
  });

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-labelledby="add-subject-title">
      <h2 id="add-subject-title" className="section-title">
        {t('subjects.add.title')}
      </h2>
      <FormMessage tone="error">{formError}</FormMessage>
      <FormMessage tone="success">{added}</FormMessage>
      <div className="add-subject-form">
        <InputField
          label={t('subjects.add.name')}
          required
          autoComplete="off"
          error={shownError(formState, 'name', t)}
          {...register('name')}
        />
        <button type="submit" className="button button--primary" disabled={formState.isSubmitting}>
          {t('subjects.add.submit')}
        </button>
      </div>
    </form>
  );
}
