import { CLASS_MESSAGES } from '@studybuddy/contracts';
import type { TFunction } from 'i18next';

const keyByMessage = new Map<string, string>(
  Object.entries(CLASS_MESSAGES).map(([name, text]) => [text, `classes.messages.${name}`]),
);

/** A classes message of the contract (the server's answer) in the student's language. */
export function classMessage(message: string, t: TFunction): string {
  const key = keyByMessage.get(message);
  return key ? t(key, { defaultValue: message }) : message;
}

/** "2.4 MB", "340 kB", "812 byte" in the reader's language. */
export function formatFileSize(bytes: number, language: string): string {
  const [value, unit] =
    bytes >= 1_048_576
      ? [bytes / 1_048_576, 'megabyte']
      : bytes >= 1024
        ? [bytes / 1024, 'kilobyte']
        : [bytes, 'byte'];
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}
