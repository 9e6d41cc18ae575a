import type { Notification } from '@studybuddy/contracts';
import type { TFunction } from 'i18next';
import { paths } from '@/config/paths';
import { formatDateTime, formatLocalDay } from '@/lib/format-date';

/** "Study session soon: Physics — Optics", or without the topic when the session has none. */
export function reminderTitle(notification: Notification, t: TFunction): string {
  const { subjectName, topicName } = notification.data;
  return topicName
    ? t('notifications.item.title', { subject: subjectName, topic: topicName })
    : t('notifications.item.titleNoTopic', { subject: subjectName });
}

/** "Starts Nov 25, 2026, 18:00": the start in the reader's zone, on the 24-hour clock. */
export function reminderWhen(notification: Notification, t: TFunction, language: string): string {
  return t('notifications.item.startsAt', {
    when: formatDateTime(notification.data.startsAt, language),
  });
}

/** Where a reminder leads: its topic (and so its lesson), else the calendar on that day. */
export function reminderPath(notification: Notification): string {
  const { topicId, startsAt } = notification.data;
  return topicId !== null
    ? paths.topicById(topicId)
    : paths.calendarView('day', formatLocalDay(startsAt));
}
