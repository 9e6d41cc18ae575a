import { zodResolver } from '@hookform/resolvers/zod';
import { CLASS_LIMITS, type Class, type ClassInput, classInputSchema } from '@studybuddy/contracts';
import { useState } from 'react';
import {
  type FieldPath,
  get,
  type Resolver,
  useFieldArray,
  useForm,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CheckboxField, FormMessage, InputField, SelectField } from '@/components/form-field';
import { errorMessage } from '@/lib/error-message';
import { putFieldIssues } from '@/lib/form-errors';
import { translateValidationMessage } from '@/lib/validation-messages';
import { useCreateClass } from '../api/create-class';
import { useUpdateClass } from '../api/update-class';
import './classes.css';

/** An exam row; `key` names it for the topics' exam choice while it has no id yet. */
interface ExamRow {
  id?: number | undefined;
  key: string;
  name: string;
  date: string;
}

/** A topic row as typed: hours as text ('' for none), its exam by the exam row's key. */
interface TopicRow {
  id?: number | undefined;
  name: string;
  hours: string;
  exam: string;
}

export interface ClassFormValues {
  name: string;
  subjectName: string;
  exams: ExamRow[];
  topics: TopicRow[];
  joinOpen: boolean;
}

type ClassOutput = z.output<typeof classInputSchema>;

let rows = 0;
const newKey = () => `new-${++rows}`;
const examKey = (id: number) => `exam-${id}`;
const emptyTopic = (): TopicRow => ({ name: '', hours: '', exam: '' });

/** The form's values for a class (or a new, empty one). */
export function toFormValues(cls?: Class): ClassFormValues {
  if (!cls) return { name: '', subjectName: '', exams: [], topics: [emptyTopic()], joinOpen: true };
  return {
    name: cls.name,
    subjectName: cls.subjectName,
    exams: cls.exams.map((e) => ({ id: e.id, key: examKey(e.id), name: e.name, date: e.date })),
    topics: cls.topics.map((topic) => ({
      id: topic.id,
      name: topic.name,
      hours: topic.hours === null ? '' : String(topic.hours),
      exam: topic.examId === null ? '' : examKey(topic.examId),
    })),
    joinOpen: cls.joinOpen,
  };
}

/**
 * What is sent: the whole class, each kept exam and topic with its id, and a topic's exam as the
 * index of that exam in the exams sent (none: the last exam).
 */
export function toClassInput(values: ClassFormValues): ClassInput {
  return {
    name: values.name,
    subjectName: values.subjectName,
    exams: values.exams.map(({ id, name, date }) =>
      id === undefined ? { name, date } : { id, name, date },
    ),
    topics: values.topics.map(({ id, name, hours, exam }) => {
      const index = exam === '' ? -1 : values.exams.findIndex((e) => e.key === exam);
      const topic = {
        name,
        hours: hours.trim() === '' ? null : Number(hours),
        exam: index < 0 ? null : index,
      };
      return id === undefined ? topic : { id, ...topic };
    }),
    joinOpen: values.joinOpen,
  };
}

// The contract's schema checks what is sent; the rows map one to one, so its issues' paths
// (topics.2.hours) are the form's own.
const checkInput = zodResolver(classInputSchema);
const resolver: Resolver<ClassFormValues, unknown, ClassOutput> = async (values, ctx, options) =>
  (await checkInput(
    toClassInput(values),
    ctx,
    options as unknown as Parameters<typeof checkInput>[2],
  )) as Awaited<ReturnType<Resolver<ClassFormValues, unknown, ClassOutput>>>;

export interface ClassFormProps {
  /** The class to edit; without it the form makes a new class. */
  cls?: Class | undefined;
  /** Called with the class as saved. */
  onSaved?: (saved: Class) => void;
}

/**
 * The teacher's class (docs/classes.md): its name, the subject's name in students' plans, its
 * exams, its topics in teaching order (each with optional hours and the exam it is examined in)
 * and whether it takes new students. Every save sends the whole class.
 */
export function ClassForm({ cls, onSaved }: ClassFormProps) {
  const { t, i18n } = useTranslation();
  const create = useCreateClass();
  const update = useUpdateClass();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<ClassFormValues, unknown, ClassOutput>({
    resolver,
    mode: 'onTouched',
    defaultValues: toFormValues(cls),
  });
  const { register, handleSubmit, setError, formState, control, getValues, setValue, reset } = form;
  const exams = useFieldArray({ control, name: 'exams' });
  const topics = useFieldArray({ control, name: 'topics' });
  const examValues = useWatch({ control, name: 'exams' });

  /** A field's error, translated, once the teacher has been in it or tried to save. */
  const errorOf = (path: string): string | undefined => {
    if (!get(formState.touchedFields, path) && !formState.isSubmitted) return undefined;
    const error = get(formState.errors, path) as { message?: string } | undefined;
    return translateValidationMessage(error?.message, t) || undefined;
  };
  /** An error on a whole list (too many exams, no topic). */
  const listError = (path: 'exams' | 'topics'): string | undefined => {
    const error = get(formState.errors, path) as
      | { message?: string; root?: { message?: string } }
      | undefined;
    return translateValidationMessage(error?.root?.message ?? error?.message, t) || undefined;
  };

  function removeExam(index: number) {
    const gone = getValues(`exams.${index}.key`);
    getValues('topics').forEach((topic, i) => {
      if (topic.exam === gone) setValue(`topics.${i}.exam`, '');
    });
    exams.remove(index);
  }

  const onSubmit = handleSubmit(async (input) => {
    setFormError(null);
    setSaved(null);
    try {
      const result = cls
        ? await update.mutateAsync({ id: cls.id, input })
        : await create.mutateAsync(input);
      if (cls) {
        reset(toFormValues(result));
        setSaved(
          result.version > cls.version ? t('classes.form.savedTold') : t('classes.form.saved'),
        );
      }
      onSaved?.(result);
    } catch (error) {
      const values = getValues();
      const fields: FieldPath<ClassFormValues>[] = [
        'name',
        'subjectName',
        ...values.exams.flatMap((_, i) => [`exams.${i}.name`, `exams.${i}.date`] as const),
        ...values.topics.flatMap(
          (_, i) => [`topics.${i}.name`, `topics.${i}.hours`, `topics.${i}.exam`] as const,
        ),
      ];
      if (!putFieldIssues(error, fields, setError, t, i18n.language))
        setFormError(errorMessage(error, t, i18n.language));
    }
  });

  const examsError = listError('exams');
  const topicsError = listError('topics');
  return (
    <form className="form class-form" noValidate onSubmit={onSubmit}>
      <FormMessage tone="error">{formError}</FormMessage>
      <InputField
        label={t('classes.form.name')}
        required
        autoComplete="off"
        maxLength={120}
        error={errorOf('name')}
        {...register('name')}
      />
      <InputField
        label={t('classes.form.subjectName')}
        hint={t('classes.form.subjectNameHint')}
        required
        autoComplete="off"
        maxLength={120}
        error={errorOf('subjectName')}
        {...register('subjectName')}
      />

      <fieldset className="form__fieldset class-form__list">
        <legend className="form__legend">{t('classes.form.exams')}</legend>
        <p className="form__note">{t('classes.form.examsHint', { count: CLASS_LIMITS.exams })}</p>
        {exams.fields.length > 0 ? (
          <ol className="class-rows">
            {exams.fields.map((field, i) => (
              <li key={field.id} className="class-row">
                <fieldset className="class-row__group">
                  <legend className="class-row__legend">
                    {t('classes.form.examN', { n: i + 1 })}
                  </legend>
                  <div className="class-row__fields">
                    <InputField
                      label={t('classes.form.examName')}
                      required
                      autoComplete="off"
                      maxLength={80}
                      error={errorOf(`exams.${i}.name`)}
                      {...register(`exams.${i}.name`)}
                    />
                    <InputField
                      label={t('classes.form.examDate')}
                      type="date"
                      required
                      error={errorOf(`exams.${i}.date`)}
                      {...register(`exams.${i}.date`)}
                    />
                  </div>
                  <div className="actions class-row__actions">
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      onClick={() => removeExam(i)}
                    >
                      {t('classes.form.removeExam')}
                    </button>
                  </div>
                </fieldset>
              </li>
            ))}
          </ol>
        ) : null}
        {examsError ? <p className="field__error">{examsError}</p> : null}
        <div className="actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={exams.fields.length >= CLASS_LIMITS.exams}
            onClick={() => exams.append({ key: newKey(), name: '', date: '' })}
          >
            {t('classes.form.addExam')}
          </button>
        </div>
      </fieldset>

      <fieldset className="form__fieldset class-form__list">
        <legend className="form__legend">{t('classes.form.topics')}</legend>
        <p className="form__note">{t('classes.form.topicsHint')}</p>
        <ol className="class-rows">
          {topics.fields.map((field, i) => (
            <li key={field.id} className="class-row">
              <fieldset className="class-row__group">
                <legend className="class-row__legend">
                  {t('classes.form.topicN', { n: i + 1 })}
                </legend>
                <div className="class-row__fields">
                  <InputField
                    label={t('classes.form.topicName')}
                    required
                    autoComplete="off"
                    maxLength={200}
                    error={errorOf(`topics.${i}.name`)}
                    {...register(`topics.${i}.name`)}
                  />
                  <InputField
                    label={t('classes.form.topicHours')}
                    type="number"
                    inputMode="decimal"
                    min={0.5}
                    max={100}
                    step={0.5}
                    error={errorOf(`topics.${i}.hours`)}
                    {...register(`topics.${i}.hours`)}
                  />
                  {examValues.length > 0 ? (
                    <SelectField
                      label={t('classes.form.topicExam')}
                      error={errorOf(`topics.${i}.exam`)}
                      {...register(`topics.${i}.exam`)}
                    >
                      <option value="">{t('classes.form.lastExam')}</option>
                      {examValues.map((exam, n) => (
                        <option key={exam.key} value={exam.key}>
                          {exam.name.trim() || t('classes.form.examN', { n: n + 1 })}
                        </option>
                      ))}
                    </SelectField>
                  ) : null}
                </div>
                <div className="actions class-row__actions">
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    disabled={i === 0}
                    onClick={() => topics.swap(i, i - 1)}
                  >
                    {t('classes.form.moveUp')}
                  </button>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    disabled={i === topics.fields.length - 1}
                    onClick={() => topics.swap(i, i + 1)}
                  >
                    {t('classes.form.moveDown')}
                  </button>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    disabled={topics.fields.length <= 1}
                    onClick={() => topics.remove(i)}
                  >
                    {t('classes.form.removeTopic')}
                  </button>
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
        {topicsError ? <p className="field__error">{topicsError}</p> : null}
        <div className="actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={topics.fields.length >= CLASS_LIMITS.topics}
            onClick={() => topics.append(emptyTopic())}
          >
            {t('classes.form.addTopic')}
          </button>
        </div>
      </fieldset>

      <CheckboxField label={t('classes.form.joinOpen')} {...register('joinOpen')} />

      <div className="actions">
        <button type="submit" className="button button--primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting
            ? t('classes.form.saving')
            : cls
              ? t('classes.form.save')
              : t('classes.form.create')}
        </button>
      </div>
      <p className="status-text" role="status">
        {saved}
      </p>
    </form>
  );
}
