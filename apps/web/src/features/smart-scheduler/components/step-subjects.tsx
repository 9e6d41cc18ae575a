import { WIZARD, WORKLOAD } from '@studybuddy/contracts';
import { differenceInCalendarDays, parseISO } from 'date-fns';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { InputField, SelectField, TextAreaField } from '@/components/form-field';
import { addDays, formatIsoDate } from '../utils/dates';
import { resolvePeriod } from '../utils/period';
import {
  ACCEPTED_FILE_TYPES,
  addFiles,
  type FileProblem,
  formatFileSize,
  newSubject,
  PRIORITY_CHOICES,
  type SubjectDraft,
  type SubjectField,
  stillMissing,
  subjectWorkload,
} from '../utils/subjects';
import { wizardMessage } from '../utils/wizard-messages';
import type { WizardValues } from '../utils/wizard-state';

export interface StepSubjectsProps {
  /** Id of the one expanded subject, or null. */
  expandedSubject: string | null;
  onExpand: (id: string | null) => void;
}

/** Id of a subject's control, so the wizard can move focus to the field in error. */
export function subjectFieldId(subjectId: string, field: SubjectField): string {
  return `wizard-subject-${subjectId}-${field}`;
}

/** Days of a period, both ends included; four weeks while the period is incomplete. */
function periodDays(period: { start: string; end: string } | null): number {
  if (!period) return WIZARD.weeksDefault * 7;
  return differenceInCalendarDays(parseISO(period.end), parseISO(period.start)) + 1;
}

const HOURS_LIMITS = {
  hoursNeeded: { min: WORKLOAD.hoursNeededMin, max: WORKLOAD.hoursNeededMax },
  weeklyHours: { min: WORKLOAD.weeklyHoursMin, max: WORKLOAD.weeklyHoursMax },
} as const;

const subjectTitle = (s: SubjectDraft, index: number, t: TFunction) =>
  s.name.trim() || t('smartScheduler.wizard.subjects.untitled', { number: index + 1 });

/**
 * Step 3: subjects, one expanded at a time, each with key topics, deadline, priority and files.
 * Removing a subject expands the first one left; an added subject is expanded.
 */
export function StepSubjects({ expandedSubject, onExpand }: StepSubjectsProps) {
  const { t, i18n } = useTranslation();
  const { register, control, setValue, getValues } = useFormContext<WizardValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'subjects', keyName: 'key' });
  const subjects = useWatch({ control, name: 'subjects' });
  const period = resolvePeriod(useWatch({ control, name: 'period' }));
  const sessionLength = useWatch({ control, name: 'sessionLength' });
  const { errors } = useFormState({ control, name: 'subjects' });
  const [fileProblems, setFileProblems] = useState<Record<string, FileProblem[]>>({});
  const names = subjects.map((s) => s.name);
  const full = fields.length >= WIZARD.subjectsMax;
  const date = (iso: string) => formatIsoDate(iso, i18n.language);
  const days = periodDays(period);
  const hours = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });

  const fieldError = (index: number, field: SubjectField) => {
    const message = errors.subjects?.[index]?.[field]?.message;
    return typeof message === 'string' ? wizardMessage(message, t, names) || undefined : undefined;
  };
  const setFiles = (index: number, files: File[], missing: SubjectDraft['missingFiles']) => {
    setValue(`subjects.${index}.files`, files, { shouldDirty: true });
    setValue(`subjects.${index}.missingFiles`, missing, { shouldDirty: true });
  };

  return (
    <div className="wizard-step__body">
      <p className="form__note">
        {t('smartScheduler.wizard.subjects.intro', { min: WIZARD.keyTopicsMin })}
      </p>
      {fields.length === 0 ? (
        <p className="empty-state">{t('smartScheduler.wizard.subjects.empty')}</p>
      ) : null}
      <ol className="wizard-subjects">
        {fields.map((item, index) => {
          const s = subjects[index] ?? item;
          const title = subjectTitle(s, index, t);
          const expanded = s.id === expandedSubject;
          const headingId = `wizard-subject-${s.id}-title`;
          const filesId = subjectFieldId(s.id, 'files');
          const problems = fileProblems[s.id] ?? [];
          const workload = subjectWorkload(s, days, sessionLength);
          const estimate = hours.format(workload.estimate);
          return (
            <li key={item.key} className="wizard-subject">
              <div className="wizard-subject__header">
                <h3 id={headingId} className="wizard-subject__title">
                  {title}
                </h3>
                <div className="actions">
                  {expanded ? null : (
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      aria-describedby={headingId}
                      onClick={() => onExpand(s.id)}
                    >
                      {t('smartScheduler.wizard.subjects.edit')}
                    </button>
                  )}
                  <button
                    type="button"
                    className="button button--ghost button--small wizard-subject__delete"
                    aria-describedby={headingId}
                    onClick={() => {
                      remove(index);
                      onExpand(getValues('subjects')[0]?.id ?? null);
                    }}
                  >
                    {t('smartScheduler.wizard.subjects.delete')}
                  </button>
                </div>
              </div>
              {expanded ? (
                <div className="wizard-subject__body">
                  <InputField
                    id={subjectFieldId(s.id, 'name')}
                    label={t('smartScheduler.wizard.subjects.name')}
                    required
                    maxLength={200}
                    error={fieldError(index, 'name')}
                    {...register(`subjects.${index}.name`)}
                  />
                  <TextAreaField
                    id={subjectFieldId(s.id, 'keyTopics')}
                    label={t('smartScheduler.wizard.subjects.keyTopics')}
                    required
                    rows={4}
                    maxLength={WIZARD.keyTopicsMax}
                    hint={t('smartScheduler.wizard.subjects.keyTopicsHint', {
                      min: WIZARD.keyTopicsMin,
                      typed: s.keyTopics.trim().length,
                    })}
                    error={fieldError(index, 'keyTopics')}
                    {...register(`subjects.${index}.keyTopics`)}
                  />
                  <div className="form__row">
                    <InputField
                      id={subjectFieldId(s.id, 'deadline')}
                      label={t('smartScheduler.wizard.subjects.deadline')}
                      type="date"
                      min={period ? addDays(period.start, 1) : undefined}
                      max={period?.end}
                      hint={
                        period
                          ? t('smartScheduler.wizard.subjects.deadlineHint', {
                              start: date(period.start),
                              end: date(period.end),
                            })
                          : t('smartScheduler.wizard.subjects.optional')
                      }
                      error={fieldError(index, 'deadline')}
                      {...register(`subjects.${index}.deadline`)}
                    />
                    <SelectField
                      label={t('smartScheduler.wizard.subjects.priority')}
                      {...register(`subjects.${index}.priority`)}
                    >
                      {PRIORITY_CHOICES.map((p) => (
                        <option key={p.value} value={p.value}>
                          {t(`smartScheduler.wizard.priority.${p.label}`)}
                        </option>
                      ))}
                    </SelectField>
                  </div>
                  <InputField
                    key={workload.kind}
                    id={subjectFieldId(s.id, workload.kind)}
                    label={t(`smartScheduler.wizard.subjects.${workload.kind}`)}
                    type="number"
                    inputMode="decimal"
                    step={0.5}
                    min={HOURS_LIMITS[workload.kind].min}
                    max={HOURS_LIMITS[workload.kind].max}
                    placeholder={estimate}
                    hint={t(`smartScheduler.wizard.subjects.${workload.kind}Hint`, {
                      hours: estimate,
                    })}
                    error={fieldError(index, workload.kind)}
                    {...register(`subjects.${index}.${workload.kind}`)}
                  />
                  <div className="field">
                    <label htmlFor={filesId} className="field__label">
                      {t('smartScheduler.wizard.files.label')}
                    </label>
                    <input
                      id={filesId}
                      type="file"
                      multiple
                      accept={ACCEPTED_FILE_TYPES}
                      className="wizard-subject__file-input"
                      aria-invalid={fieldError(index, 'files') ? true : undefined}
                      aria-describedby={`${filesId}-hint`}
                      onChange={(e) => {
                        const chosen = Array.from(e.target.files ?? []);
                        e.target.value = '';
                        const result = addFiles(s.files, chosen);
                        setFileProblems((p) => ({ ...p, [s.id]: result.problems }));
                        setFiles(index, result.files, stillMissing(s.missingFiles, result.files));
                      }}
                    />
                    <p id={`${filesId}-hint`} className="field__hint">
                      {t('smartScheduler.wizard.files.hint')}
                    </p>
                    {s.missingFiles?.length ? (
                      <div className="form-message form-message--error wizard-subject__missing">
                        <p>{t('smartScheduler.wizard.files.missing')}</p>
                        <ul>
                          {s.missingFiles.map((m) => (
                            <li key={`${m.name}-${m.size}`}>
                              {m.name} ({formatFileSize(m.size)})
                            </li>
                          ))}
                        </ul>
                        <button
                          type="button"
                          className="button button--ghost button--small"
                          onClick={() => setFiles(index, s.files, undefined)}
                        >
                          {t('smartScheduler.wizard.files.leaveOut')}
                        </button>
                      </div>
                    ) : null}
                    {problems.length > 0 ? (
                      <ul className="field__error wizard-subject__file-problems" role="alert">
                        {problems.map((p) => (
                          <li key={`${p.file}-${p.reason}`}>
                            {t(`smartScheduler.wizard.files.problems.${p.reason}`, {
                              file: p.file,
                              max: WIZARD.filesPerSubject,
                            })}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                    {s.files.length > 0 ? (
                      <ul
                        className="wizard-files"
                        aria-label={t('smartScheduler.wizard.files.listLabel', { subject: title })}
                      >
                        {s.files.map((f) => (
                          <li key={`${f.name}-${f.size}`} className="wizard-files__item">
                            <span className="wizard-files__name">{f.name}</span>
                            <span className="wizard-files__size">{formatFileSize(f.size)}</span>
                            <button
                              type="button"
                              className="button button--ghost button--small"
                              aria-label={t('smartScheduler.wizard.files.removeFile', {
                                file: f.name,
                              })}
                              onClick={() =>
                                setFiles(
                                  index,
                                  s.files.filter((x) => x !== f),
                                  s.missingFiles,
                                )
                              }
                            >
                              {t('smartScheduler.wizard.files.remove')}
                            </button>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </div>
                </div>
              ) : (
                <p className="wizard-subject__summary">
                  {[
                    t('smartScheduler.wizard.subjects.topicsCount', {
                      count: s.keyTopics.trim().length,
                    }),
                    s.deadline
                      ? t('smartScheduler.wizard.subjects.deadlineOn', { date: date(s.deadline) })
                      : '',
                    s.files.length
                      ? t('smartScheduler.wizard.subjects.filesCount', { count: s.files.length })
                      : '',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="button button--secondary wizard-subjects__add"
        disabled={full}
        onClick={() => {
          const subject = newSubject();
          append(subject, { shouldFocus: false });
          onExpand(subject.id);
        }}
      >
        {t('smartScheduler.wizard.subjects.add')}
      </button>
      {full ? (
        <p className="form__note">
          {t('smartScheduler.wizard.subjects.full', { max: WIZARD.subjectsMax })}
        </p>
      ) : null}
    </div>
  );
}
