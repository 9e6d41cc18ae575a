import type { ClassChange } from '@studybuddy/contracts';
import type { TFunction } from 'i18next';
import { formatDate } from './format-date';

/**
 * One of a teacher's changes to a class in words, as a member reads it on the class's screen and
 * in the bell: "Exam “Finals” moved from Jun 1, 2026 to Jun 8, 2026". Shared, because the classes
 * and the notifications features both say it and may not import each other.
 */
export function classChangeText(change: ClassChange, t: TFunction, language: string): string {
  const day = (value: string) => (value ? formatDate(value, language) : '—');
  switch (change.kind) {
    case 'exam-moved':
      return t('classes.changes.examMoved', {
        exam: change.exam,
        from: day(change.from),
        to: day(change.to),
      });
    case 'exam-added':
      return t('classes.changes.examAdded', { exam: change.exam, date: day(change.date) });
    case 'exam-removed':
      return t('classes.changes.examRemoved', { exam: change.exam, date: day(change.date) });
    case 'topic-added':
      return t('classes.changes.topicAdded', { topic: change.topic });
    case 'topic-removed':
      return t('classes.changes.topicRemoved', { topic: change.topic });
    case 'file-added':
      return t('classes.changes.fileAdded', { file: change.file });
    case 'file-removed':
      return t('classes.changes.fileRemoved', { file: change.file });
  }
}
