import { zodResolver } from '@hookform/resolvers/zod';
import { createSubjectInputSchema, type Subject } from '@studybuddy/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormMessage, InputField } from '@/components/form-field';
import { errorMessage } from '@/lib/error-message';
import { putFieldIssues, shownError } from '@/lib/form-errors';
import { useCreateSubject } from '../api/create-subject';
import { examDateToSend, ScheduleFields, scheduleFieldsShape } from './schedule-fields';
import './subjects.css';

const formSchema = z.object({ name: createSubjectInputSchema.shape.name, ...scheduleFieldsShape });
type AddSubjectValues = z.input<typeof formSchema>;
const formFields = ['name', 'examDate', 'priority'] as const;
const emptyValues: AddSubjectValues = { name: '', examDate: '', noExam: false, priority: 1 };

export interface AddSubjectFormProps {
  planId: number;
  onAdded: (subject: Subject) => void;
}

/**
 * Adds a subject to a plan (POST /subjects): a name, an optional exam day (empty means the
 * plan's deadline, "No exam" sends null) and a priority, Medium unless chosen.
 */
export function AddSubjectForm({ planId, onAdded }: AddSubjectFormProps) {
  const { t, i18n } = useTranslation();
  const create = useCreateSubject();
  const [formError, setFormError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, watch, formState } = useForm<
    AddSubjectValues,
    unknown,
    z.output<typeof formSchema>
  >({ resolver: zodResolver(formSchema), mode: 'onTouched', defaultValues: emptyValues });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setAdded(null);
    try {
      const examDate = examDateToSend(values);
      const subject = await create.mutateAsync({
        studyPlanId: planId,
        name: values.name,
        ...(examDate === undefined ? {} : { examDate }),
        priority: values.priority,
      });
      reset(emptyValues);
      setAdded(t('subjects.add.added', { name: subject.name }));
      onAdded(subject);
    } catch (error) {
      if (!putFieldIssues(error, formFields, setError, t, i18n.language))
        setFormError(errorMessage(error, t, i18n.language));
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
      </div>
      <div className="add-subject-form">
        <ScheduleFields
          register={register}
          formState={formState}
          noExam={watch('noExam')}
          dateHint={t('subjects.fields.examDateHintCreate')}
        />
      </div>
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={formState.isSubmitting}>
          {t('subjects.add.submit')}
        </button>
      </div>
    </form>
  );
}
