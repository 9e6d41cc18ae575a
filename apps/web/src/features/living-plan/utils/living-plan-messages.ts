import { LIVING_PLAN_MESSAGES } from '@studybuddy/contracts';
import type { TFunction } from 'i18next';
import { translateValidationMessage } from '@/lib/validation-messages';

const keyByMessage = new Map<string, string>(
  Object.entries(LIVING_PLAN_MESSAGES).map(([name, text]) => [text, `livingPlan.errors.${name}`]),
);

/**
 * A living-plan message of the contract (the server's too) in the student's language: the
 * plan's own messages by name, the check-in form's through the contracts' catalogue.
 */
export function livingPlanMessage(message: string | undefined, t: TFunction): string {
  if (!message) return '';
  const key = keyByMessage.get(message);
  return key ? t(key, { defaultValue: message }) : translateValidationMessage(message, t);
}
