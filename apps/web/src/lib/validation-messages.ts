import {
  ADMIN_MESSAGES,
  REMINDER_LEAD_MESSAGE,
  SESSION_PLACEMENT_MESSAGES,
} from '@studybuddy/contracts';
import type { TFunction } from 'i18next';

/**
 * The contracts write their validation messages in English (the server answers with the same
 * text); this maps each one to its translation key. Unknown messages pass through unchanged.
 */
const messageKeys: Record<string, string> = {
  'Email is required.': 'validation.emailRequired',
  'Enter a valid email address.': 'validation.emailInvalid',
  'Email must be at most 254 characters.': 'validation.emailTooLong',
  'The part before @ must be at most 64 characters.': 'validation.emailLocalTooLong',
  'Password is required.': 'validation.passwordRequired',
  'Password must be at least 8 characters.': 'validation.passwordMin',
  'Password must be at most 256 characters.': 'validation.passwordMax',
  'Passwords do not match.': 'validation.passwordsMismatch',
  'Enter your current password.': 'validation.currentPasswordRequired',
  'Enter your password.': 'validation.enterPassword',
  'Username is required.': 'validation.usernameRequired',
  'Username must be at most 50 characters.': 'validation.usernameMax',
  'Username may use letters, digits, dot, dash and underscore.': 'validation.usernamePattern',
  'First name is required.': 'validation.firstNameRequired',
  'First name must be at most 100 characters.': 'validation.firstNameMax',
  'Last name is required.': 'validation.lastNameRequired',
  'Last name must be at most 100 characters.': 'validation.lastNameMax',
  PLAN_NAME_REQUIRED: 'validation.planNameRequired',
  'Name is required.': 'validation.nameRequired',
  'Name must be at most 200 characters.': 'validation.nameMax',
  'Description must be at most 5000 characters.': 'validation.descriptionMax',
  'Use a date as YYYY-MM-DD.': 'validation.dateInvalid',
  'Use an ISO 8601 date-time with a time zone.': 'validation.dateTimeInvalid',
  'Title is required.': 'validation.titleRequired',
  'Title must be at most 200 characters.': 'validation.titleMax',
  'Notes must be at most 2000 characters.': 'validation.notesMax',
  'End must be after start.': 'validation.endAfterStart',
  'A session can last at most 12 hours.': 'validation.sessionTooLong',
  [SESSION_PLACEMENT_MESSAGES.past]: 'validation.sessionInPast',
  [SESSION_PLACEMENT_MESSAGES.afterExam]: 'validation.sessionAfterExam',
  [SESSION_PLACEMENT_MESSAGES.busy]: 'validation.sessionOnBusyTime',
  'Comment is required (max 500 chars).': 'validation.commentRequired',
  'Rating must be a number from 1 to 5.': 'validation.ratingRange',
  'Rating must be a whole number from 1 to 5.': 'validation.ratingRange',
  'Rating must be from 1 to 5.': 'validation.ratingRange',
  'Must be a number.': 'validation.choiceRequired',
  'Must be a whole number.': 'validation.choiceRequired',
  'Must be a positive number.': 'validation.choiceRequired',
  [ADMIN_MESSAGES.confirmationMismatch]: 'admin.delete.errors.confirmationMismatch',
  [ADMIN_MESSAGES.noSuchStudent]: 'admin.delete.errors.noSuchStudent',
  [ADMIN_MESSAGES.notYourself]: 'admin.delete.errors.notYourself',
  [REMINDER_LEAD_MESSAGE]: 'validation.reminderLead',
};

/** Translation of a contract message, or of a message that already is a `validation.*` key. */
export function translateValidationMessage(message: string | undefined, t: TFunction): string {
  if (!message) return '';
  const key = messageKeys[message] ?? (message.startsWith('validation.') ? message : undefined);
  return key ? t(key) : message;
}
