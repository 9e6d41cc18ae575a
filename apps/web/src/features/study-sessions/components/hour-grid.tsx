import { parseClock, type StudySession } from '@studybuddy/contracts';
import {
  type CSSProperties,
  type DragEvent,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useRef,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { calendarColourClass } from '@/lib/calendar-colours';
import { formatDayMonth, formatTime, formatWeekday } from '@/lib/format-date';
import { subjectColourClass } from '@/lib/subject-colours';
import {
  DEFAULT_FIRST_HOUR,
  layoutDay,
  MINUTES_PER_DAY,
  minuteAt,
  minutesInDay,
  snapMinute,
} from '../utils/hour-grid';
import { toDateParam } from '../utils/week';
import type { CalendarBusy, CalendarExam } from './calendar-types';
import './hour-grid.css';

export interface HourGridProps {
  /** The days shown, in order: seven for the week, one for the day view. */
  days: readonly Date[];
  sessions: readonly StudySession[];
  busy: readonly CalendarBusy[];
  exams: readonly CalendarExam[];
  colourOf: (session: StudySession) => string | undefined;
  now: Date;
  onOpenSession: (session: StudySession) => void;
  onOpenBusy: (busy: CalendarBusy) => void;
  /** A click on free time: add a session that day from that minute. */
  onAddAt: (day: Date, minute: number) => void;
  /** A session dropped on a day at a minute (its new start). */
  onDropSession: (session: StudySession, day: Date, minute: number) => void;
  /** A small line under a session's title, e.g. its check-in. */
  renderBadge?: (session: StudySession) => ReactNode;
}

type Item =
  | { type: 'session'; session: StudySession; start: number; end: number }
  | { type: 'busy'; busy: CalendarBusy; start: number; end: number };

/** CSS custom properties of a placed item; the stylesheet turns minutes into its box. */
function boxOf(p: { start: number; end: number; lane: number; lanes: number }): CSSProperties {
  return {
    '--start': p.start,
    '--end': Math.max(p.end, p.start + 15),
    '--lane': p.lane,
    '--lanes': p.lanes,
  } as CSSProperties;
}

/**
 * The calendar's hour grid (week and day views): an hour axis, one column per day, each session
 * placed and sized by its time in its subject's colour, busy time striped behind, exam days as
 * all-day chips, and the current time marked. Clicking free time adds a session there; a session
 * can be dragged to another time (the page checks the move and may refuse it).
 */
export function HourGrid({
  days,
  sessions,
  busy,
  exams,
  colourOf,
  now,
  onOpenSession,
  onOpenBusy,
  onAddAt,
  onDropSession,
  renderBadge,
}: HourGridProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const scroller = useRef<HTMLDivElement>(null);
  const dragged = useRef<{ session: StudySession; grabMinutes: number } | null>(null);
  const today = toDateParam(now);
  const keys = days.map(toDateParam);

  const itemsOf = (day: Date, key: string): Item[] => {
    const out: Item[] = [];
    for (const s of sessions) {
      const start = new Date(s.startTime);
      if (toDateParam(start) !== key) continue;
      const end = new Date(s.endTime);
      const endMinute = toDateParam(end) === key ? minutesInDay(end, day) : MINUTES_PER_DAY;
      out.push({ type: 'session', session: s, start: minutesInDay(start, day), end: endMinute });
    }
    for (const b of busy) {
      if (b.date !== key) continue;
      out.push({
        type: 'busy',
        busy: b,
        start: parseClock(b.startTime),
        end: parseClock(b.endTime),
      });
    }
    return out;
  };
  const columns = days.map((day, i) => ({
    day,
    key: keys[i] as string,
    items: itemsOf(day, keys[i] as string),
  }));
  const earliest = Math.min(
    DEFAULT_FIRST_HOUR * 60,
    ...columns.flatMap((c) => c.items.map((item) => item.start)),
  );
  // Open at the first hour with something on it in the days shown (07:00 at the latest), today
  // in view or not: opening an hour before now hid a Saturday morning's sessions all afternoon.
  const firstHour = Math.floor(earliest / 60);
  const shownKey = keys.join(',');

  // Scroll once per set of days. The day headers stick over the top of the scrolled area, so
  // an hour lands just under them at its own offset in the columns.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll only when the days change
  useEffect(() => {
    const el = scroller.current;
    const column = el?.querySelector<HTMLElement>('.hour-grid__column');
    if (!el || !column) return;
    el.scrollTop = (column.offsetHeight * firstHour) / 24;
  }, [shownKey]);

  const pointerMinute = (event: MouseEvent<HTMLElement> | DragEvent<HTMLElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return minuteAt(event.clientY - rect.top, rect.height);
  };

  return (
    <div className={days.length === 1 ? 'hour-grid hour-grid--day' : 'hour-grid'}>
      <div className="hour-grid__scroll" ref={scroller}>
        <div className="hour-grid__table">
          <div className="hour-grid__corner" aria-hidden="true" />
          {columns.map(({ day, key }) => {
            const weekday = formatWeekday(day, language);
            const dayExams = exams.filter((e) => e.date === key);
            return (
              <div
                key={key}
                className={
                  key === today
                    ? 'hour-grid__day-head hour-grid__day-head--today'
                    : 'hour-grid__day-head'
                }
              >
                <h2 id={`day-${key}`} className="hour-grid__day-title">
                  <span className="hour-grid__weekday" aria-hidden="true">
                    {formatWeekday(day, language, 'short')}
                  </span>
                  <span className="visually-hidden">{weekday}</span>{' '}
                  <span className="hour-grid__date">{formatDayMonth(day, language)}</span>
                  {key === today ? (
                    <span className="hour-grid__today">{t('calendar.today')}</span>
                  ) : null}
                </h2>
                <Link
                  to={paths.scheduledSession({ date: key })}
                  className="hour-grid__add"
                  aria-label={t('calendar.addSession', { weekday })}
                  title={t('calendar.addSession', { weekday })}
                >
                  <span aria-hidden="true">+</span>
                </Link>
                {dayExams.length > 0 ? (
                  <ul
                    className="hour-grid__exams"
                    aria-label={t('calendar.exam.listLabel', { weekday })}
                  >
                    {dayExams.map((e) => (
                      <li
                        key={e.key}
                        className={subjectColourClass('exam-chip', e.colour)}
                        lang={language}
                      >
                        {t('calendar.exam.chip', { subject: e.subjectName })}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            );
          })}
          <ol className="hour-grid__axis" aria-label={t('calendar.grid.hours')}>
            {Array.from({ length: 24 }, (_, h) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the hours are fixed
              <li key={h} className="hour-grid__hour">
                {formatTime(new Date(2000, 0, 1, h), language)}
              </li>
            ))}
          </ol>
          {columns.map(({ day, key, items }) => {
            const placed = layoutDay(items, (item) => item);
            return (
              // The column takes clicks and drops; keyboard users add with the day's + link and
              // move from a session's dialog, so the column itself needs no focus. It is a named
              // group (not a fieldset: it holds no form controls) so a screen reader says the day.
              // biome-ignore lint/a11y/useKeyWithClickEvents: see above
              // biome-ignore lint/a11y/useSemanticElements: see above
              <div
                key={key}
                className="hour-grid__column"
                role="group"
                aria-labelledby={`day-${key}`}
                data-date={key}
                onClick={(event) => {
                  if (event.target === event.currentTarget) onAddAt(day, pointerMinute(event));
                }}
                onDragOver={(event) => {
                  if (dragged.current) event.preventDefault();
                }}
                onDrop={(event) => {
                  const drag = dragged.current;
                  dragged.current = null;
                  if (!drag) return;
                  event.preventDefault();
                  // The block's new top: where the pointer is less where it held the block.
                  const rect = event.currentTarget.getBoundingClientRect();
                  const pointer = ((event.clientY - rect.top) / rect.height) * MINUTES_PER_DAY;
                  onDropSession(drag.session, day, snapMinute(pointer - drag.grabMinutes));
                }}
              >
                <ul className="hour-grid__items">
                  {placed.map((p) =>
                    p.item.type === 'busy' ? (
                      <li
                        key={`b${p.item.busy.key}`}
                        className="hour-grid__item hour-grid__item--busy"
                        style={boxOf(p)}
                      >
                        <BusyBlock busy={p.item.busy} onOpen={onOpenBusy} />
                      </li>
                    ) : (
                      <li
                        key={`s${p.item.session.id}`}
                        className={subjectColourClass(
                          'hour-grid__item hour-grid__item--session',
                          colourOf(p.item.session),
                        )}
                        style={boxOf(p)}
                        lang={language}
                      >
                        <SessionBlock
                          session={p.item.session}
                          badge={renderBadge?.(p.item.session)}
                          onOpen={onOpenSession}
                          onDragStart={(session, grabMinutes) => {
                            dragged.current = { session, grabMinutes };
                          }}
                        />
                      </li>
                    ),
                  )}
                </ul>
                {key === today ? (
                  <div
                    className="hour-grid__now"
                    style={{ '--start': minutesInDay(now, day) } as CSSProperties}
                  >
                    <span className="visually-hidden">
                      {t('calendar.grid.now', { time: formatTime(now, language) })}
                    </span>
                  </div>
                ) : null}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

function SessionBlock({
  session,
  badge,
  onOpen,
  onDragStart,
}: {
  session: StudySession;
  badge: ReactNode;
  onOpen: (session: StudySession) => void;
  onDragStart: (session: StudySession, grabMinutes: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const start = formatTime(session.startTime, i18n.language);
  const end = formatTime(session.endTime, i18n.language);
  const topic = session.topicName && session.topicName !== session.title ? session.topicName : null;
  return (
    <button
      type="button"
      className="hour-grid__session"
      draggable
      aria-haspopup="dialog"
      aria-label={t('calendar.grid.sessionLabel', {
        title: session.title,
        subject: session.subjectName,
        start,
        end,
      })}
      onClick={() => onOpen(session)}
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', String(session.id));
        // Where in the block the pointer took hold, so the block's top lands where it was shown.
        const rect = event.currentTarget.getBoundingClientRect();
        const column = event.currentTarget.closest('.hour-grid__column');
        const height = column?.getBoundingClientRect().height ?? 0;
        const grab = height > 0 ? ((event.clientY - rect.top) / height) * MINUTES_PER_DAY : 0;
        onDragStart(session, Math.max(0, grab));
      }}
    >
      <span className="hour-grid__time">
        {start}–{end}
      </span>
      <span className="hour-grid__title">{session.title}</span>
      <span className="hour-grid__subject">
        {session.subjectName}
        {topic ? ` · ${topic}` : ''}
      </span>
      {badge ? <span className="hour-grid__badge">{badge}</span> : null}
    </button>
  );
}

function BusyBlock({ busy, onOpen }: { busy: CalendarBusy; onOpen: (busy: CalendarBusy) => void }) {
  const { t } = useTranslation();
  // Imported time is read-only here (changed at its source): shown, not opened.
  if (busy.calendar !== undefined)
    return (
      <div
        className={calendarColourClass(
          'hour-grid__busy hour-grid__busy--imported',
          busy.calendarColour,
        )}
      >
        <span className="hour-grid__time">
          {busy.startTime}–{busy.endTime}
        </span>
        <span className="hour-grid__title">{busy.title}</span>
        <span className="hour-grid__subject">
          {t('calendar.busy.imported', { calendar: busy.calendar })}
        </span>
      </div>
    );
  return (
    <button
      type="button"
      className="hour-grid__busy"
      aria-haspopup="dialog"
      aria-label={t('calendar.busy.label', {
        title: busy.title,
        start: busy.startTime,
        end: busy.endTime,
      })}
      onClick={() => onOpen(busy)}
    >
      <span className="hour-grid__time">
        {busy.startTime}–{busy.endTime}
      </span>
      <span className="hour-grid__title">{busy.title}</span>
      <span className="hour-grid__subject">{t(`calendar.busy.kinds.${busy.kind}`)}</span>
    </button>
  );
}
