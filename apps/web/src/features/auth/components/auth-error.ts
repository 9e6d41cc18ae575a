import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-message';

/**
 * docs/product.md, Errors, for the auth forms: an HTTP error shows the server's message, anything
 * else (no token in the answer, no answer) shows the form's own fallback text.
 */
export function authErrorText(
  error: unknown,
  t: TFunction,
  language: string,
  fallbackKey: string,
): string {
  if (isApiError(error) && error.status >= 400) {
    return errorMessage(error, t, language, fallbackKey);
  }
  return t(fallbackKey);
}
