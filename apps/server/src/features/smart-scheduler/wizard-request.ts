import {
  type FieldIssue,
  subjectFileField,
  timeZoneSchema,
  WIZARD,
  type WizardAvailability,
  type WizardPeriod,
  type WizardPreferences,
  type WizardSubjects,
  wizardAvailabilitySchema,
  wizardInputSchema,
  wizardPeriodSchema,
  wizardPreferencesSchema,
  wizardSubjectsSchema,
} from '@studybuddy/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error.js';
import type { Upload } from '../../platform/multipart.js';

export interface WizardRequest {
  period: WizardPeriod;
  availability: WizardAvailability;
  subjects: WizardSubjects;
  preferences: WizardPreferences;
  language: string;
  timeZone: string;
  /** Uploaded files per subject index. */
  files: { filename: string; data: Buffer }[][];
}

/** A JSON part validated with its schema; a broken part is a 400 naming the part. */
function jsonPart<S extends z.ZodType>(
  fields: Record<string, string>,
  name: string,
  schema: S,
): z.output<S> {
  const raw = fields[name];
  if (raw === undefined) {
    throw AppError.validation(`${name}: this part is missing.`, [
      { path: name, message: 'This part is missing.' },
    ]);
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw AppError.validation(`${name}: this part is not valid JSON.`, [
      { path: name, message: 'Not valid JSON.' },
    ]);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const details: FieldIssue[] = parsed.error.issues.map((i) => ({
      path: [name, ...i.path.map(String)].join('.'),
      message: i.message,
    }));
    throw AppError.validation(`${name}: ${details[0]?.message ?? 'invalid'}`, details);
  }
  return parsed.data;
}

/** The multipart request of POST /api/ai/ProcessStudyMaterials, checked part by part. */
export function parseWizardRequest(upload: Upload): WizardRequest {
  const { fields } = upload;
  const period = jsonPart(fields, 'period', wizardPeriodSchema);
  const availability = jsonPart(fields, 'availability', wizardAvailabilitySchema);
  const subjects = jsonPart(fields, 'subjects', wizardSubjectsSchema);
  const preferences = jsonPart(fields, 'preferences', wizardPreferencesSchema);
  const tz = timeZoneSchema.safeParse(fields.timeZone || 'UTC');
  if (!tz.success) {
    throw AppError.validation('timeZone: unknown time zone.', [
      { path: 'timeZone', message: 'Unknown time zone.' },
    ]);
  }
  const language = (fields.language || 'en').slice(0, 10);

  // The rule across parts (each deadline inside the period) is the contract's, on the whole input.
  const crossIssue = wizardInputSchema.safeParse({ period, availability, subjects, preferences })
    .error?.issues[0];
  if (crossIssue) {
    const path = crossIssue.path.map(String).join('.');
    const message = crossIssue.message;
    throw AppError.validation(`${path}: ${message}`, [{ path, message }]);
  }

  const byField = new Map(subjects.map((s, i) => [subjectFileField(s.name), i]));
  const files: WizardRequest['files'] = subjects.map(() => []);
  for (const f of upload.files) {
    const index = byField.get(f.field);
    if (index === undefined) {
      const message = `The file part "${f.field.slice(0, 100)}" names no subject.`;
      throw AppError.validation(message, [{ path: f.field.slice(0, 100), message }]);
    }
    const list = files[index] as WizardRequest['files'][number];
    list.push({ filename: f.filename, data: f.data });
    if (list.length > WIZARD.filesPerSubject) {
      const message = `Subject ${index + 1}: at most ${WIZARD.filesPerSubject} files.`;
      throw AppError.validation(message, [{ path: f.field.slice(0, 100), message }]);
    }
  }
  // Files are deduplicated by name and size per subject (docs/product.md, Validation).
  const deduped = files.map((list) => {
    const seen = new Set<string>();
    return list.filter((f) => {
      const key = `${f.filename}\u0000${f.data.length}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });
  return {
    period,
    availability,
    subjects,
    preferences,
    language,
    timeZone: tz.data,
    files: deduped,
  };
}
