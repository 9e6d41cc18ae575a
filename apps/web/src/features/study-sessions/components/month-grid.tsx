import { DAYS_PER_WEEK, type StudySession } from '@studybuddy/contracts';
import { addDays, endOfMonth, isSameMonth, startOfMonth } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { calendarColourClass } from '@/lib/calendar-colours';
import { formatLongDate, formatTime, formatWeekday } from '@/lib/format-date';
import { subjectColourClass } from '@/lib/subject-colours';
import { toDateParam, type WeekStartsOn, weekStartOf } from '../utils/week';
import type { CalendarBusy, CalendarExam } from './calendar-types';
import './month-grid.css';

/** Sessions shown in a day cell before "+N more". */
const SHOWN_PER_DAY = 3;

export interface MonthGridProps {
  /** Any day of the month shown. */
  month: Date;
  weekStartsOn: WeekStartsOn;
  sessions: readonly StudySession[];
  exams: readonly CalendarExam[];
  /** Busy time (typed and imported) on the days shown. */
  busy: readonly CalendarBusy[];
  colourOf: (session: StudySession) => string | undefined;
  today: Date;
  /** Opens the day view of a day. */
  onOpenDay: (day: Date) => void;
}

/**
 * The month overview: the weeks of a month as a table, each day with its exams, its busy time
 * and its first sessions (time and title in the subject's colour); a day's date opens its day
 * view. On a phone a cell is too narrow for a title: each item is a coloured mark there, its
 * words kept for screen readers (month-grid.css).
 */
export function MonthGrid({
  month,
  weekStartsOn,
  sessions,
  exams,
  busy,
  colourOf,
  today,
  onOpenDay,
}: MonthGridProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const first = weekStartOf(startOfMonth(month), weekStartsOn);
  const last = endOfMonth(month);
  const weeks: Date[][] = [];
  for (let day = first; day <= last; day = addDays(day, DAYS_PER_WEEK))
    weeks.push(Array.from({ length: DAYS_PER_WEEK }, (_, i) => addDays(day, i)));
  const byDay = new Map<string, StudySession[]>();
  for (const s of sessions) {
    const key = toDateParam(new Date(s.startTime));
    byDay.set(key, [...(byDay.get(key) ?? []), s]);
  }
  const busyByDay = new Map<string, CalendarBusy[]>();
  for (const b of busy) busyByDay.set(b.date, [...(busyByDay.get(b.date) ?? []), b]);
  const todayKey = toDateParam(today);

  return (
    <table className="month-grid">
      <thead>
        <tr>
          {(weeks[0] ?? []).map((day) => (
            <th key={day.getDay()} scope="col">
              <abbr title={formatWeekday(day, language)}>
                {formatWeekday(day, language, 'short')}
              </abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={toDateParam(week[0] as Date)}>
            {week.map((day) => {
              const key = toDateParam(day);
              const items = (byDay.get(key) ?? []).sort(
                (a, b) => Date.parse(a.startTime) - Date.parse(b.startTime),
              );
              const classes = ['month-grid__day'];
              if (!isSameMonth(day, month)) classes.push('month-grid__day--outside');
              if (key === todayKey) classes.push('month-grid__day--today');
              return (
                <td key={key} className={classes.join(' ')}>
                  <button
                    type="button"
                    className="month-grid__date"
                    aria-label={t('calendar.month.openDay', {
                      date: formatLongDate(day, language),
                    })}
                    onClick={() => onOpenDay(day)}
                  >
                    {day.getDate()}
                  </button>
                  <ul className="month-grid__items">
                    {exams
                      .filter((e) => e.date === key)
                      .map((e) => (
                        <li
                          key={`e${e.key}`}
                          className={subjectColourClass('exam-chip', e.colour)}
                          lang={language}
                        >
                          <span className="month-grid__label">
                            {t('calendar.exam.chip', { subject: e.subjectName })}
                          </span>
                        </li>
                      ))}
                    {(busyByDay.get(key) ?? [])
                      .sort((a, b) => a.startTime.localeCompare(b.startTime))
                      .map((b) => (
                        <li
                          key={`b${b.key}`}
                          className={
                            b.calendar === undefined
                              ? 'month-grid__busy'
                              : calendarColourClass(
                                  'month-grid__busy month-grid__busy--imported',
                                  b.calendarColour,
                                )
                          }
                          lang={language}
                        >
                          <span className="month-grid__label">
                            {t('calendar.busy.label', {
                              title: b.title || t(`calendar.busy.kinds.${b.kind}`),
                              start: b.startTime,
                              end: b.endTime,
                            })}
                          </span>
                        </li>
                      ))}
                    {items.slice(0, SHOWN_PER_DAY).map((s) => (
                      <li
                        key={s.id}
                        className={subjectColourClass('month-grid__session', colourOf(s))}
                        lang={language}
                      >
                        <span className="month-grid__label">
                          <span className="month-grid__time">
                            {formatTime(s.startTime, language)}
                          </span>{' '}
                          {s.title}
                        </span>
                      </li>
                    ))}
                    {items.length > SHOWN_PER_DAY ? (
                      <li className="month-grid__more">
                        {t('calendar.month.more', { n: items.length - SHOWN_PER_DAY })}
                      </li>
                    ) : null}
                  </ul>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
