import type { Notification } from '@studybuddy/contracts';
import type { TFunction } from 'i18next';
import { paths } from '@/config/paths';
import { classChangeText } from '@/lib/class-change-text';
import { formatDateTime, formatLocalDay } from '@/lib/format-date';

/**
 * A notification's title: "Study session soon: Physics — Optics" (without the topic when the
 * session has none), for a clash "Timetable now covers 2 study sessions", for a class's change
 * "Chemistry 2B changed: Exam “Finals” moved from … to … (+2 more)".
 */
export function reminderTitle(notification: Notification, t: TFunction, language = 'en'): string {
  if (notification.kind === 'class-change') {
    const { className, changes } = notification.data;
    const [first] = changes;
    if (!first) return t('notifications.classChange.titleNone', { className });
    const change = classChangeText(first, t, language);
    return changes.length > 1
      ? t('notifications.classChange.titleMore', {
          className,
          change,
          count: changes.length - 1,
        })
      : t('notifications.classChange.title', { className, change });
  }
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

/** The instant a notification's time line shows: a session's start, else when it came. */
export function reminderAt(notification: Notification): string {
  return notification.kind === 'class-change' ? notification.createdAt : notification.data.startsAt;
}

/**
 * "Starts Nov 25, 2026, 18:00" (a clash: "From ...", a class's change: "Changed ..."): in the
 * reader's zone, 24-hour clock.
 */
export function reminderWhen(notification: Notification, t: TFunction, language: string): string {
  if (notification.kind === 'class-change')
    return t('notifications.classChange.when', {
      when: formatDateTime(notification.createdAt, language),
    });
  return t(
    notification.kind === 'busy-clash'
      ? 'notifications.item.clashFrom'
      : 'notifications.item.startsAt',
    { when: formatDateTime(notification.data.startsAt, language) },
  );
}

/**
 * Where a notification leads: a reminder to its topic (and so its lesson), else the calendar on
 * that day; a clash to the calendar's week of the first covered session, where they are listed;
 * a class's change to the class, which offers to take it.
 */
export function reminderPath(notification: Notification): string {
  if (notification.kind === 'class-change') return paths.classDetail(notification.data.classId);
  if (notification.kind === 'busy-clash')
    return paths.calendarView('week', formatLocalDay(notification.data.startsAt));
  const { topicId, startsAt } = notification.data;
  return topicId !== null
    ? paths.topicById(topicId)
    : paths.calendarView('day', formatLocalDay(startsAt));
}
