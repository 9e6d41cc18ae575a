import { WIZARD } from '@studybuddy/contracts';
import { useState } from 'react';
import { InputField, SelectField, TextAreaField } from '@/components/form-field';
import { addDays, formatIsoDate } from '../utils/dates';
import {
  ACCEPTED_FILE_TYPES,
  addFiles,
  formatFileSize,
  newSubject,
  PRIORITY_CHOICES,
  type PriorityChoice,
  type SubjectDraft,
  type SubjectError,
  type SubjectField,
  stillMissing,
} from '../utils/subjects';

export interface SubjectsValue {
  subjects: SubjectDraft[];
  expandedSubject: string | null;
}

export interface StepSubjectsProps extends SubjectsValue {
  onChange: (next: SubjectsValue) => void;
  period: { start: string; end: string } | null;
  /** The problem found on Next; its field is marked in the expanded subject. */
  error: SubjectError | null;
}

/** Id of a subject's control, so the wizard can move focus to the field in error. */
export function subjectFieldId(subjectId: string, field: SubjectField): string {
  return `wizard-subject-${subjectId}-${field}`;
}

/**
 * Removes a subject: then the first one is expanded, or none when the list is empty (SPEC.md
 * section 4).
 */
export function removeSubject(value: SubjectsValue, id: string): SubjectsValue {
  const subjects = value.subjects.filter((s) => s.id !== id);
  return { subjects, expandedSubject: subjects[0]?.id ?? null };
}

/** Adds an empty subject, expanded (the others are minimized). */
export function appendSubject(value: SubjectsValue): SubjectsValue {
  const subject = newSubject();
  return { subjects: [...value.subjects, subject], expandedSubject: subject.id };
}

const subjectTitle = (s: SubjectDraft, index: number) => s.name.trim() || `Subject ${index + 1}`;

/** Step 3: subjects, one expanded at a time, each with key topics, deadline, priority, files. */
export function StepSubjects({
  subjects,
  expandedSubject,
  onChange,
  period,
  error,
}: StepSubjectsProps) {
  const [fileProblems, setFileProblems] = useState<Record<string, string[]>>({});
  const update = (id: string, patch: Partial<SubjectDraft>) =>
    onChange({
      subjects: subjects.map((s) => (s.id === id ? { ...s, ...patch } : s)),
      expandedSubject,
    });
  const full = subjects.length >= WIZARD.subjectsMax;

  return (
    <div className="wizard-step__body">
      <p className="form__note">
        Add each subject you are studying for. Key topics need at least 50 characters: the more you
        tell, the better the plan.
      </p>
      {subjects.length === 0 ? <p className="empty-state">No subjects yet.</p> : null}
      <ol className="wizard-subjects">
        {subjects.map((s, index) => {
          const expanded = s.id === expandedSubject;
          const headingId = `wizard-subject-${s.id}-title`;
          const fieldError = (field: SubjectField) =>
            error && error.index === index && error.field === field
              ? error.message.replace(/^Subject \d+: /, '')
              : undefined;
          return (
            <li key={s.id} className="wizard-subject">
              <div className="wizard-subject__header">
                <h3 id={headingId} className="wizard-subject__title">
                  {subjectTitle(s, index)}
                </h3>
                <div className="actions">
                  {expanded ? null : (
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      aria-describedby={headingId}
                      onClick={() => onChange({ subjects, expandedSubject: s.id })}
                    >
                      Edit
                    </button>
                  )}
                  <button
                    type="button"
                    className="button button--ghost button--small wizard-subject__delete"
                    aria-describedby={headingId}
                    onClick={() => onChange(removeSubject({ subjects, expandedSubject }, s.id))}
                  >
                    Delete
                  </button>
                </div>
              </div>
              {expanded ? (
                <div className="wizard-subject__body">
                  <InputField
                    id={subjectFieldId(s.id, 'name')}
                    label="Name"
                    required
                    maxLength={200}
                    value={s.name}
                    onChange={(e) => update(s.id, { name: e.target.value })}
                    error={fieldError('name')}
                  />
                  <TextAreaField
                    id={subjectFieldId(s.id, 'keyTopics')}
                    label="Key topics"
                    required
                    rows={4}
                    maxLength={WIZARD.keyTopicsMax}
                    hint={`At least ${WIZARD.keyTopicsMin} characters (${s.keyTopics.trim().length} so far).`}
                    value={s.keyTopics}
                    onChange={(e) => update(s.id, { keyTopics: e.target.value })}
                    error={fieldError('keyTopics')}
                  />
                  <div className="form__row">
                    <InputField
                      id={subjectFieldId(s.id, 'deadline')}
                      label="Deadline (exam day)"
                      type="date"
                      min={period ? addDays(period.start, 1) : undefined}
                      max={period?.end}
                      hint={
                        period
                          ? `Optional; after ${formatIsoDate(period.start, 'en-GB')} and by ${formatIsoDate(period.end, 'en-GB')}.`
                          : 'Optional.'
                      }
                      value={s.deadline}
                      onChange={(e) => update(s.id, { deadline: e.target.value })}
                      error={fieldError('deadline')}
                    />
                    <SelectField
                      label="Priority"
                      value={s.priority}
                      onChange={(e) => update(s.id, { priority: e.target.value as PriorityChoice })}
                    >
                      {PRIORITY_CHOICES.map((p) => (
                        <option key={p.value} value={p.value}>
                          {p.label}
                        </option>
                      ))}
                    </SelectField>
                  </div>
                  <div className="field">
                    <label htmlFor={subjectFieldId(s.id, 'files')} className="field__label">
                      Study files
                    </label>
                    <input
                      id={subjectFieldId(s.id, 'files')}
                      type="file"
                      multiple
                      accept={ACCEPTED_FILE_TYPES}
                      className="wizard-subject__file-input"
                      aria-describedby={`${subjectFieldId(s.id, 'files')}-hint`}
                      onChange={(e) => {
                        const chosen = Array.from(e.target.files ?? []);
                        e.target.value = '';
                        const result = addFiles(s.files, chosen);
                        setFileProblems((p) => ({ ...p, [s.id]: result.problems }));
                        update(s.id, {
                          files: result.files,
                          missingFiles: stillMissing(s.missingFiles, result.files),
                        });
                      }}
                    />
                    <p id={`${subjectFieldId(s.id, 'files')}-hint`} className="field__hint">
                      Optional: PDF, DOCX, TXT or Markdown, up to 20 MB each and 10 per subject.
                    </p>
                    {s.missingFiles?.length ? (
                      <div className="form-message form-message--error wizard-subject__missing">
                        <p>
                          The page was reloaded, which forgets chosen files. Choose these again, or
                          leave them out:
                        </p>
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
                          onClick={() => update(s.id, { missingFiles: undefined })}
                        >
                          Leave them out
                        </button>
                      </div>
                    ) : null}
                    {(fileProblems[s.id] ?? []).length > 0 ? (
                      <ul className="field__error wizard-subject__file-problems" role="alert">
                        {(fileProblems[s.id] ?? []).map((p) => (
                          <li key={p}>{p}</li>
                        ))}
                      </ul>
                    ) : null}
                    {s.files.length > 0 ? (
                      <ul
                        className="wizard-files"
                        aria-label={`Files of ${subjectTitle(s, index)}`}
                      >
                        {s.files.map((f) => (
                          <li key={`${f.name}-${f.size}`} className="wizard-files__item">
                            <span className="wizard-files__name">{f.name}</span>
                            <span className="wizard-files__size">{formatFileSize(f.size)}</span>
                            <button
                              type="button"
                              className="button button--ghost button--small"
                              aria-label={`Remove ${f.name}`}
                              onClick={() =>
                                update(s.id, { files: s.files.filter((x) => x !== f) })
                              }
                            >
                              Remove
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
                    `${s.keyTopics.trim().length} characters of key topics`,
                    s.deadline ? `deadline ${formatIsoDate(s.deadline, 'en-GB')}` : '',
                    s.files.length
                      ? `${s.files.length} ${s.files.length === 1 ? 'file' : 'files'}`
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
        onClick={() => onChange(appendSubject({ subjects, expandedSubject }))}
      >
        Add subject
      </button>
      {full ? <p className="form__note">You can add up to {WIZARD.subjectsMax} subjects.</p> : null}
    </div>
  );
}
