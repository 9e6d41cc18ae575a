import type { Notification } from '@studybuddy/contracts';
import type { TFunction } from 'i18next';
import { paths } from '@/config/paths';
import { formatDateTime, formatLocalDay } from '@/lib/format-date';

/**
 * A notification's title: "Study session soon: Physics — Optics" (without the topic when the
 * session has none), or for a clash "Timetable now covers 2 study sessions".
 */
export function reminderTitle(notification: Notification, t: TFunction): string {
  if (notification.kind === 'busy-clash')
    return t('notifications.item.clashTitle', {
      calendar: notification.data.calendarName,
      count: notification.data.count,
    });
  const { subjectName, topicName } = notification.data;
  return topicName
    ? t('notifications.item.title', { subject: subjectName, topic: topicName })
    : t('notifications.item.titleNoTopic', { subject: subjectName });
}

/** "Starts Nov 25, 2026, 18:00" (a clash: "From ..."): in the reader's zone, 24-hour clock. */
export function reminderWhen(notification: Notification, t: TFunction, language: string): string {
  return t(
    notification.kind === 'busy-clash'
      ? 'notifications.item.clashFrom'
      : 'notifications.item.startsAt',
    { when: formatDateTime(notification.data.startsAt, language) },
  );
}

/**
 * Where a notification leads: a reminder to its topic (and so its lesson), else the calendar on
 * that day; a clash to the calendar's week of the first covered session, where they are listed.
 */
export function reminderPath(notification: Notification): string {
  if (notification.kind === 'busy-clash')
    return paths.calendarView('week', formatLocalDay(notification.data.startsAt));
  const { topicId, startsAt } = notification.data;
  return topicId !== null
    ? paths.topicById(topicId)
    : paths.calendarView('day', formatLocalDay(startsAt));
}
