import { messageKey } from '@studybuddy/contracts';
import type { TFunction } from 'i18next';

/**
 * A validation message in the student's language. The contracts declare each message once, in
 * their catalogue, with its translation key (VALIDATION_MESSAGES); a form's issue and a server's
 * field problem both carry the English text, and `messageKey` finds its key there. A message
 * that already is a `validation.*` key is translated as it is; any other text passes through.
 */
export function translateValidationMessage(message: string | undefined, t: TFunction): string {
  if (!message) return '';
  const key = messageKey(message) ?? (message.startsWith('validation.') ? message : undefined);
  return key ? t(key) : message;
}
