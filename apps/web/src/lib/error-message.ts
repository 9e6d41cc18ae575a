import type { TFunction } from 'i18next';
import { isApiError } from './api-error';

// In a module of its own: the validation texts it maps (and the contracts they come from) stay
// out of the first screen, which needs only errorMessage for the error dialog.
export { fieldIssueMessage } from './field-issue-message';

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
