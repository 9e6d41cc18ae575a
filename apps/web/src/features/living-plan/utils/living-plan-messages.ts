import { LIVING_PLAN_MESSAGES } from '@studybuddy/contracts';
import type { TFunction } from 'i18next';
import { translateValidationMessage } from '@/lib/validation-messages';

const keyByMessage = new Map<string, string>([
  ...Object.entries(LIVING_PLAN_MESSAGES).map(
    ([name, text]) => [text, `livingPlan.errors.${name}`] as [string, string],
  ),
  ['Choose done, partly or missed.', 'livingPlan.errors.statusRequired'],
  ['Minutes must be a number.', 'livingPlan.errors.minutesRange'],
  ['Minutes must be a whole number.', 'livingPlan.errors.minutesRange'],
  ['Minutes must be at least 1.', 'livingPlan.errors.minutesRange'],
  ['Minutes must be at most 1440.', 'livingPlan.errors.minutesRange'],
  ['Rating must be a number.', 'validation.ratingRange'],
  ['Rating must be a whole number.', 'validation.ratingRange'],
]);

/** A living-plan message of the contract (the server's too) in the student's language. */
export function livingPlanMessage(message: string | undefined, t: TFunction): string {
  if (!message) return '';
  const key = keyByMessage.get(message);
  return key ? t(key, { defaultValue: message }) : translateValidationMessage(message, t);
}
