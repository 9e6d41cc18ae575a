import ical, { escape as escapeText } from 'ical-generator';
import { toZoned } from '../../domain/time/zoned.js';
import type { FeedExamRow, FeedSessionRow } from './calendar-feed.repository.js';

/** Where the calendar's links point: the web app as the request reached it. */
export interface CalendarSite {
  /** `https://study.example.org` (protocol and host, no trailing slash). */
  origin: string;
  /** The host name the event UIDs end in: `session-<id>@<uidDomain>`. */
  uidDomain: string;
}

export interface CalendarOptions {
  /** X-WR-CALNAME: the name a calendar app shows for the calendar. */
  name: string;
  /** The student's zone for X-WR-TIMEZONE; null leaves it out. */
  timeZone: string | null;
  /** Seconds a subscribing app may wait before reading the feed again (REFRESH-INTERVAL). */
  refreshSeconds?: number;
}

/** A zone Intl knows, else null (a stored zone was checked when written; this only guards). */
function knownZone(zone: string | null): string | null {
  if (!zone) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

const seg = (value: string | number) => encodeURIComponent(String(value));

/** The topic's page in the web app, or the calendar at the session's day in its plan's zone. */
export function sessionUrl(
  site: Pick<CalendarSite, 'origin'>,
  s: Pick<FeedSessionRow, 'topicId' | 'startAt' | 'planTimeZone'>,
): string {
  if (s.topicId !== null) return `${site.origin}/topic/${seg(s.topicId)}/detail`;
  const day = toZoned(new Date(s.startAt), knownZone(s.planTimeZone) ?? 'UTC').date;
  return `${site.origin}/calendar?date=${day}`;
}

function lessonUrl(site: CalendarSite, s: FeedSessionRow): string | null {
  if (s.lessonId === null || s.topicName === null) return null;
  const path = [s.planId, s.subjectName, s.topicName, s.lessonId].map(seg).join('/');
  return `${site.origin}/lesson-detail/${path}`;
}

function description(site: CalendarSite, s: FeedSessionRow): string {
  const lines = [`Subject: ${s.subjectName}`];
  if (s.topicName) lines.push(`Topic: ${s.topicName}`);
  if (s.notes) lines.push(`Notes: ${s.notes}`);
  lines.push('', `Open in StudyBuddy: ${sessionUrl(site, s)}`);
  const lesson = lessonUrl(site, s);
  if (lesson) lines.push(`Lesson: ${lesson}`);
  return lines.join('\n');
}

/**
 * The most common zone among the sessions' plans (the first seen on a tie), for
 * X-WR-TIMEZONE; null when no plan has one.
 */
export function mainZone(sessions: FeedSessionRow[]): string | null {
  const counts = new Map<string, number>();
  for (const s of sessions) {
    const zone = knownZone(s.planTimeZone);
    if (zone) counts.set(zone, (counts.get(zone) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [zone, n] of counts) if (best === null || n > (counts.get(best) ?? 0)) best = zone;
  return best;
}

/**
 * An iCalendar (RFC 5545) of study sessions and exam days: one VEVENT each, with a UID that
 * stays the same while the session (or the subject) exists, so a subscribing app updates an
 * event instead of adding another. An exam is an all-day event on its day (DTSTART;VALUE=DATE),
 * the day the student entered, read the same in every zone.
 * Times are the stored instants in UTC (`DTSTART:20261201T160000Z`), unambiguous in every app;
 * the zone is named only as X-WR-TIMEZONE. It is written as a custom property on purpose:
 * ical-generator's calendar `timezone` would write the times as the server's wall clock.
 */
export function writeCalendar(
  site: CalendarSite,
  sessions: FeedSessionRow[],
  options: CalendarOptions,
  exams: readonly FeedExamRow[] = [],
): string {
  const zone = knownZone(options.timeZone);
  const calendar = ical({
    prodId: { company: 'StudyBuddy', product: 'Study calendar', language: 'EN' },
    // ical-generator writes the calendar's NAME and X-WR-CALNAME as given, while it escapes
    // every event's text: escaped here with its own function (RFC 5545 TEXT), or a line break in
    // a plan's name would end the calendar and start lines of the student's choosing.
    name: escapeText(options.name, false),
    ...(options.refreshSeconds ? { ttl: options.refreshSeconds } : {}),
    ...(zone ? { x: [['X-WR-TIMEZONE', zone]] as [string, string][] } : {}),
  });
  for (const s of sessions) {
    calendar.createEvent({
      id: `session-${s.id}@${site.uidDomain}`,
      start: new Date(s.startAt),
      end: new Date(s.endAt),
      // A published calendar without METHOD: DTSTAMP is when the event was last changed.
      stamp: new Date(s.updatedAt),
      created: new Date(s.createdAt),
      lastModified: new Date(s.updatedAt),
      summary: s.title,
      description: description(site, s),
      url: sessionUrl(site, s),
    });
  }
  for (const e of exams) {
    calendar.createEvent({
      id: `exam-${e.subjectId}@${site.uidDomain}`,
      start: e.examDate,
      allDay: true,
      created: new Date(e.createdAt),
      summary: `Exam: ${e.subjectName}`,
      description: `Plan: ${e.planName}\n\nOpen in StudyBuddy: ${site.origin}/calendar?view=month&date=${e.examDate}`,
      url: `${site.origin}/calendar?view=month&date=${e.examDate}`,
    });
  }
  return calendar.toString();
}
