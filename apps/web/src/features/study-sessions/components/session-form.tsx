import { zodResolver } from '@hookform/resolvers/zod';
import {
  checkSessionTimes,
  DAY_MINUTES,
  type PlanSummary,
  parseClock,
  type SessionFormInput,
  type StudySession,
  sessionFormInputSchema,
} from '@studybuddy/contracts';
import { addMinutes, set } from 'date-fns';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  CheckboxField,
  FormMessage,
  InputField,
  SelectField,
  TextAreaField,
} from '@/components/form-field';
import { errorMessage } from '@/lib/error-message';
import { putFieldIssues, shownError } from '@/lib/form-errors';
import { useCreateSession } from '../api/create-session';
import { useDeleteSession } from '../api/delete-session';
import { useUpdateSession } from '../api/update-session';
import { localInputToIso, toLocalInputValue } from '../utils/week';
import './study-sessions.css';

/** What the inputs hold: ids as option values, times as datetime-local values. */
export interface SessionFormValues {
  studyPlan: string;
  subject: string;
  topic: string;
  title: string;
  startDateTime: string;
  endDateTime: string;
  notes: string;
  reminder: boolean;
}

const contract = sessionFormInputSchema.shape;

/** Plan, subject, topic, title, start and end required; end after start (docs/product.md). */
const formSchema = z
  .object({
    studyPlan: z.string().min(1, 'validation.planRequired'),
    subject: z.string().min(1, 'validation.subjectRequired'),
    topic: z.string().min(1, 'validation.topicRequired'),
    title: contract.title,
    startDateTime: z.string().min(1, 'validation.startRequired'),
    endDateTime: z.string().min(1, 'validation.endRequired'),
    notes: z.string().max(2000, 'Notes must be at most 2000 characters.'),
    reminder: z.boolean(),
  })
  .superRefine((v, ctx) => {
    // The contract's own time rule, on the values the server will receive.
    const startDateTime = localInputToIso(v.startDateTime);
    const endDateTime = localInputToIso(v.endDateTime);
    if (startDateTime && endDateTime) checkSessionTimes({ startDateTime, endDateTime }, ctx);
  });

const formFields: FieldPath<SessionFormValues>[] = [
  'studyPlan',
  'subject',
  'topic',
  'title',
  'startDateTime',
  'endDateTime',
  'notes',
  'reminder',
];

/** What the calendar's quick add preselects besides the day: the start and the plan. */
export interface QuickAdd {
  /** HH:MM local start; the session lasts an hour. */
  time?: string | null | undefined;
  /** The plan to preselect (also chosen when the student has exactly one plan). */
  planId?: number | undefined;
}

/**
 * Defaults: an existing session; else the given day from the quick add's time (17:00 without
 * one) for an hour, in the quick add's plan, or the student's only plan.
 */
export function sessionFormDefaults(
  session: StudySession | undefined,
  day: Date | null,
  quick: QuickAdd = {},
  plans: readonly Pick<PlanSummary, 'id'>[] = [],
): SessionFormValues {
  if (session) {
    return {
      studyPlan: String(session.planId),
      subject: String(session.subjectId),
      topic: session.topicId === null ? '' : String(session.topicId),
      title: session.title,
      startDateTime: toLocalInputValue(session.startTime),
      endDateTime: toLocalInputValue(session.endTime),
      notes: session.notes ?? '',
      reminder: session.reminder,
    };
  }
  // A quick time from a link starts the day's session; a time that is no start (24:00, junk) is
  // 17:00.
  const quickMinute = parseClock(quick.time ?? '');
  const startMinute = quickMinute < DAY_MINUTES ? quickMinute : 17 * 60;
  const hour = Math.floor(startMinute / 60);
  const minute = startMinute % 60;
  const at = (offsetMinutes: number) => {
    if (!day) return '';
    const d = addMinutes(
      set(day, { hours: hour, minutes: minute, seconds: 0, milliseconds: 0 }),
      offsetMinutes,
    );
    return toLocalInputValue(d.toISOString());
  };
  const plan =
    plans.find((p) => p.id === quick.planId) ?? (plans.length === 1 ? plans[0] : undefined);
  return {
    studyPlan: plan ? String(plan.id) : '',
    subject: '',
    topic: '',
    title: '',
    startDateTime: at(0),
    endDateTime: at(60),
    notes: '',
    reminder: false,
  };
}

export interface SessionFormProps {
  /** The student's plans with their subjects and topics, for the drop-downs. */
  plans: PlanSummary[];
  /** The session to edit; without it the form creates one. */
  session?: StudySession | undefined;
  /** Preselected day in add mode (?date=). */
  day?: Date | null;
  /** Preselected start and plan in add mode (?time=, ?plan=). */
  quick?: QuickAdd;
  onSaved: (session: StudySession) => void;
  onDeleted?: () => void;
  onCancel: () => void;
}

/**
 * The scheduled-session form (docs/product.md, Screens and Behaviour) on real data. Plan,
 * subject and topic depend on each other: a new plan clears subject and topic, a new subject
 * clears the topic, a topic fills the title. Start and end are bound to startDateTime and
 * endDateTime (the form's own field names).
 */
export function SessionForm({
  plans,
  session,
  day = null,
  quick,
  onSaved,
  onDeleted,
  onCancel,
}: SessionFormProps) {
  const { t, i18n } = useTranslation();
  const create = useCreateSession();
  const update = useUpdateSession();
  const remove = useDeleteSession();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setValue, setError, watch, formState } = useForm<
    SessionFormValues,
    unknown,
    SessionFormValues
  >({
    resolver: zodResolver(formSchema),
    mode: 'onTouched',
    defaultValues: sessionFormDefaults(session, day, quick, plans),
  });
  const errorText = (name: FieldPath<SessionFormValues>) => shownError(formState, name, t);

  const planId = watch('studyPlan');
  const subjectId = watch('subject');
  const plan = plans.find((p) => String(p.id) === planId);
  const subjects = plan?.subjectDetails ?? [];
  const subject = subjects.find((s) => String(s.id) === subjectId);
  const topics = subject?.topics ?? [];

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const input: SessionFormInput = {
      studyPlan: Number(values.studyPlan),
      subject: Number(values.subject),
      topic: Number(values.topic),
      title: values.title,
      startDateTime: localInputToIso(values.startDateTime),
      endDateTime: localInputToIso(values.endDateTime),
      notes: values.notes,
      reminder: values.reminder,
    };
    try {
      const saved = session
        ? await update.mutateAsync({ id: session.id, input })
        : await create.mutateAsync(input);
      onSaved(saved);
    } catch (error) {
      if (!putFieldIssues(error, formFields, setError, t, i18n.language))
        setFormError(errorMessage(error, t, i18n.language));
    }
  });

  function onDelete() {
    if (!session || !window.confirm(t('sessions.delete.confirm'))) return;
    remove.mutate(session.id, { onSuccess: () => onDeleted?.() });
  }

  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      <FormMessage tone="error">{formError}</FormMessage>
      <p className="form__note">{t('sessions.form.requiredNote')}</p>
      {plans.length === 0 ? <p className="empty-state">{t('sessions.form.noPlans')}</p> : null}
      <div className="form__row">
        <SelectField
          label={t('sessions.form.plan')}
          required
          error={errorText('studyPlan')}
          {...register('studyPlan', {
            onChange: () => {
              setValue('subject', '');
              setValue('topic', '');
            },
          })}
        >
          <option value="">{t('sessions.form.choosePlan')}</option>
          {plans.map((p) => (
            <option key={p.id} value={String(p.id)}>
              {p.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('sessions.form.subject')}
          required
          disabled={!plan}
          error={errorText('subject')}
          {...register('subject', { onChange: () => setValue('topic', '') })}
        >
          <option value="">
            {plan && subjects.length === 0
              ? t('sessions.form.noSubjects')
              : t('sessions.form.chooseSubject')}
          </option>
          {subjects.map((s) => (
            <option key={s.id} value={String(s.id)}>
              {s.subjectName}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('sessions.form.topic')}
          required
          disabled={!subject}
          error={errorText('topic')}
          {...register('topic', {
            onChange: (event: { target: { value: string } }) => {
              const chosen = topics.find((tp) => String(tp.id) === event.target.value);
              if (chosen) {
                setValue('title', chosen.name, {
                  shouldValidate: formState.isSubmitted || Boolean(formState.touchedFields.title),
                });
              }
            },
          })}
        >
          <option value="">
            {subject && topics.length === 0
              ? t('sessions.form.noTopics')
              : t('sessions.form.chooseTopic')}
          </option>
          {topics.map((tp) => (
            <option key={tp.id} value={String(tp.id)}>
              {tp.name}
            </option>
          ))}
        </SelectField>
      </div>
      <InputField
        label={t('sessions.form.title')}
        required
        autoComplete="off"
        error={errorText('title')}
        {...register('title')}
      />
      <div className="form__row">
        <InputField
          label={t('sessions.form.start')}
          type="datetime-local"
          required
          error={errorText('startDateTime')}
          {...register('startDateTime', { deps: ['endDateTime'] })}
        />
        <InputField
          label={t('sessions.form.end')}
          type="datetime-local"
          required
          error={errorText('endDateTime')}
          {...register('endDateTime')}
        />
      </div>
      <TextAreaField
        label={t('sessions.form.notes')}
        rows={3}
        error={errorText('notes')}
        {...register('notes')}
      />
      <CheckboxField label={t('sessions.form.reminder')} {...register('reminder')} />
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting
            ? t('sessions.form.saving')
            : session
              ? t('sessions.form.save')
              : t('sessions.form.create')}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('sessions.form.cancel')}
        </button>
        {session ? (
          <button
            type="button"
            className="button button--danger session-form__delete"
            disabled={remove.isPending}
            onClick={onDelete}
          >
            {t('sessions.form.delete')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
