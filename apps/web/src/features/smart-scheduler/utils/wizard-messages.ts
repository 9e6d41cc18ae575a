import {
  findSubjectNameClash,
  subjectNameClashMessage,
  WIZARD_MESSAGES,
} from '@studybuddy/contracts';
import type { TFunction } from 'i18next';
import { translateValidationMessage } from '@/lib/validation-messages';

const keyByMessage = new Map<string, string>(
  Object.entries(WIZARD_MESSAGES).map(([name, text]) => [
    text,
    `smartScheduler.wizard.errors.${name}`,
  ]),
);

/**
 * A wizard message in the student's language: a contract text (the form's and the server's),
 * a `smartScheduler.*` or `validation.*` key, or the contract's message about two subject names
 * that clash, which quotes both names as `names` has them. Unknown texts pass through.
 */
export function wizardMessage(
  message: string | undefined,
  t: TFunction,
  names: readonly string[] = [],
): string {
  if (!message) return '';
  const key = keyByMessage.get(message);
  if (key) return t(key);
  if (message.startsWith('smartScheduler.')) return t(message);
  const clash = findSubjectNameClash(names);
  if (clash) {
    const [a, b] = [names[clash.earlier] ?? '', names[clash.index] ?? ''];
    if (message === subjectNameClashMessage(a, b)) {
      return a.trim() === b.trim()
        ? t('smartScheduler.wizard.errors.nameTwice', { name: a.trim() })
        : t('smartScheduler.wizard.errors.nameClash', { first: a.trim(), second: b.trim() });
    }
  }
  return translateValidationMessage(message, t);
}
