import { zodResolver } from '@hookform/resolvers/zod';
import type { Subject, UpdateSubjectInput } from '@studybuddy/contracts';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormMessage } from '@/components/form-field';
import { errorMessage } from '@/lib/error-message';
import { putFieldIssues } from '@/lib/form-errors';
import { formatLongDate } from '@/lib/format-date';
import { useUpdateSubject } from '../api/update-subject';
import {
  examDateToSend,
  priorityText,
  ScheduleFields,
  scheduleFieldsShape,
} from './schedule-fields';
import './subjects.css';

// On an edit an empty date has no meaning of its own (left out would keep the old day), so the
// student either picks a day or ticks "No exam".
const formSchema = z.object(scheduleFieldsShape).superRefine((values, ctx) => {
  if (!values.noExam && !values.examDate) {
    ctx.addIssue({ code: 'custom', path: ['examDate'], message: 'validation.examDateRequired' });
  }
});
type ScheduleFormValues = z.input<typeof formSchema>;
const formFields = ['examDate', 'priority'] as const;

export interface SubjectScheduleProps {
  subject: Subject;
  /** Called with the saved subject so the screen can refresh the plan. */
  onSaved?: (subject: Subject) => void;
}

/**
 * A subject's exam day (in the student's language) and priority, and a form to change both
 * through PUT /subjects/{id}; the name is sent unchanged.
 */
export function SubjectSchedule({ subject, onSaved }: SubjectScheduleProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);

  return (
    <section className="stack" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {t('subjects.schedule.title')}
      </h2>
      <dl className="subject-schedule">
        <div>
          <dt>{t('subjects.fields.examDate')}</dt>
          <dd>
            {subject.examDate ? (
              <time dateTime={subject.examDate}>
                {formatLongDate(subject.examDate, i18n.language)}
              </time>
            ) : (
              t('subjects.fields.noExam')
            )}
          </dd>
        </div>
        <div>
          <dt>{t('subjects.fields.priority')}</dt>
          <dd>{priorityText(subject.priority, t)}</dd>
        </div>
      </dl>
      <FormMessage tone="success">{saved}</FormMessage>
      {editing ? (
        <ScheduleForm
          subject={subject}
          onCancel={() => setEditing(false)}
          onSaved={(updated) => {
            setEditing(false);
            setSaved(t('subjects.schedule.saved'));
            onSaved?.(updated);
          }}
        />
      ) : (
        <div className="actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setSaved(null);
              setEditing(true);
            }}
          >
            {t('subjects.schedule.edit')}
          </button>
        </div>
      )}
    </section>
  );
}

function ScheduleForm({
  subject,
  onCancel,
  onSaved,
}: {
  subject: Subject;
  onCancel: () => void;
  onSaved: (subject: Subject) => void;
}) {
  const { t, i18n } = useTranslation();
  const update = useUpdateSubject();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, watch, formState } = useForm<
    ScheduleFormValues,
    unknown,
    z.output<typeof formSchema>
  >({
    resolver: zodResolver(formSchema),
    mode: 'onTouched',
    defaultValues: {
      examDate: subject.examDate ?? '',
      noExam: subject.examDate === null,
      priority: subject.priority,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const input: UpdateSubjectInput = {
        name: subject.name,
        examDate: examDateToSend(values) ?? null,
        priority: values.priority,
      };
      onSaved(await update.mutateAsync({ id: subject.id, input }));
    } catch (error) {
      if (!putFieldIssues(error, formFields, setError, t, i18n.language))
        setFormError(errorMessage(error, t, i18n.language));
    }
  });

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-label={t('subjects.schedule.edit')}>
      <FormMessage tone="error">{formError}</FormMessage>
      <ScheduleFields
        register={register}
        formState={formState}
        noExam={watch('noExam')}
        dateHint={t('subjects.fields.examDateHintEdit')}
      />
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={formState.isSubmitting}>
          {t('subjects.schedule.save')}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('subjects.schedule.cancel')}
        </button>
      </div>
    </form>
  );
}
