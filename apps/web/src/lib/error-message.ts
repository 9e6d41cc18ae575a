import type { TFunction } from 'i18next';
import { isApiError } from './api-error';
import { translateValidationMessage } from './validation-messages';

/**
 * Text for a failed call (docs/product.md, Errors): the server's message, else the error's own
 * message, else the given fallback. In languages other than English a known error code is
 * shown translated (`errors.<code>`), since server messages are written in English.
 */
export function errorMessage(
  error: unknown,
  t: TFunction,
  language: string,
  fallbackKey = 'errors.generic',
): string {
  if (isApiError(error)) {
    const key = `errors.${error.code}`;
    const translated = t(key, { defaultValue: '' });
    if (translated && (language !== 'en' || !error.message || error.status === 0)) {
      return translated;
    }
    if (error.message) return error.message;
    return translated || t(fallbackKey);
  }
  if (error instanceof Error && error.message) return error.message;
  return t(fallbackKey);
}

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
