import type { TFunction } from 'i18next';
import { translateValidationMessage } from './validation-messages';

/** Text for one field problem of a server validation error. */
export function fieldIssueMessage(
  message: string,
  code: string,
  t: TFunction,
  language: string,
): string {
  const known = translateValidationMessage(message, t);
  if (known !== message) return known;
  if (language !== 'en') {
    const byCode = t(`errors.${code}`, { defaultValue: '' });
    if (byCode) return byCode;
  }
  return message;
}
