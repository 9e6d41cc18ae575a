import type { TFunction } from 'i18next';
import type { FieldPath, FieldValues, FormState, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-error';
import { fieldIssueMessage } from './error-message';
import { translateValidationMessage } from './validation-messages';

/**
 * The translated error of a field, shown only once the student has been in that field or has
 * tried to submit. Cross-field rules (password confirmation) re-validate fields not yet
 * visited; showing those errors early, and hiding them on the next blur, moved the form under
 * the pointer so a click on Save or a checkbox missed.
 */
export function shownError<T extends FieldValues>(
  state: Pick<FormState<T>, 'errors' | 'touchedFields' | 'isSubmitted'>,
  name: FieldPath<T>,
  t: TFunction,
): string | undefined {
  const touched = (state.touchedFields as Record<string, unknown>)[name];
  if (!touched && !state.isSubmitted) return undefined;
  const message = (state.errors as Record<string, { message?: string } | undefined>)[name]?.message;
  return translateValidationMessage(message, t) || undefined;
}

/**
 * Puts a failed request's field problems on the form's own fields, translated, and says
 * whether any matched; when none did, the caller shows a message for the whole form.
 * `onField` runs for each field that got one (a form may need to reveal it first).
 */
export function putFieldIssues<T extends FieldValues>(
  error: unknown,
  fields: readonly FieldPath<T>[],
  setError: UseFormSetError<T>,
  t: TFunction,
  language: string,
  onField?: (field: FieldPath<T>) => void,
): boolean {
  if (!isApiError(error)) return false;
  let mapped = false;
  for (const issue of error.fieldIssues) {
    const field = fields.find((f) => f === issue.path);
    if (!field) continue;
    mapped = true;
    onField?.(field);
    setError(field, {
      type: 'server',
      message: fieldIssueMessage(issue.message, error.code, t, language),
    });
  }
  return mapped;
}
