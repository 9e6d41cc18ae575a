import type { TFunction } from 'i18next';
import type { FieldPath, FieldValues, FormState } from 'react-hook-form';
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
