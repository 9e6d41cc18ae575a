import { NOTIFICATION_MESSAGES } from '@studybuddy/contracts';
import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-message';

const keyByMessage = new Map<string, string>(
  Object.entries(NOTIFICATION_MESSAGES).map(([name, text]) => [
    text,
    `notifications.messages.${name}`,
  ]),
);

/** A notifications message of the contract (the server's too) in the student's language. */
export function notificationMessage(message: string, t: TFunction): string {
  const key = keyByMessage.get(message);
  return key ? t(key, { defaultValue: message }) : message;
}

/**
 * Why an unsubscribe failed: a link the server refuses (a wrong, changed or cut-off token, in the
 * message or on the token field) is a bad link; anything else (no network, too many tries) is
 * said the app's usual way, since the link itself may still be good.
 */
export function unsubscribeErrorText(error: unknown, t: TFunction, language: string): string {
  if (isApiError(error)) {
    const badLink = NOTIFICATION_MESSAGES.badUnsubscribeLink;
    const said = [error.message, ...error.fieldIssues.map((issue) => issue.message)];
    if (said.includes(badLink) || error.status === 400 || error.status === 404) {
      return t('notifications.messages.badUnsubscribeLink');
    }
  }
  return errorMessage(error, t, language);
}
