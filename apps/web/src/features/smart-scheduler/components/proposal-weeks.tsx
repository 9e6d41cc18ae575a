import type { Proposal, WeekStart } from '@studybuddy/contracts';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ProposalWeek, proposalWeeks } from '../utils/proposal-weeks';

type Day = Proposal['schedule'][number];

export interface ProposalWeeksProps {
  schedule: Proposal['schedule'];
  /** Every subject, in the order of the summary (their colours follow it). */
  subjects: readonly string[];
  /** The first day of the student's calendar week (their profile's). */
  weekStart: WeekStart;
  /** While blocks are edited every week's list is open. */
  expandAll: boolean;
  /** The full list of a week's days and sessions. */
  renderDays: (days: Day[]) => ReactNode;
}

const COLOURS = 8;

/**
 * The proposal weeks first: a table of the hours per subject per week, then per week a strip
 * of its seven days with one small block per session, and its full list of sessions one click
 * away. The strip is for the eye; its text is there for assistive tech too.
 */
export function ProposalWeeks({
  schedule,
  subjects,
  weekStart,
  expandAll,
  renderDays,
}: ProposalWeeksProps) {
  const { t, i18n } = useTranslation();
  const captionId = useId();
  const all = [...subjects];
  for (const day of schedule)
    for (const b of day.blocks) if (!all.includes(b.subject)) all.push(b.subject);
  const weeks = proposalWeeks(schedule, all, weekStart);
  const hours = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const shortDate = new Intl.DateTimeFormat(i18n.language, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  const date = (iso: string) => shortDate.format(new Date(`${iso}T12:00:00Z`));
  const range = (w: ProposalWeek) => `${date(w.start)} – ${date(w.end)}`;
  const colour = (subject: string) =>
    `subject-colour--${Math.max(0, all.indexOf(subject)) % COLOURS}`;
  const h = (n: number) => t('smartScheduler.review.hours', { hours: hours.format(n) });

  return (
    <div className="proposal-weeks">
      <section
        className="proposal-weeks__scroll"
        aria-labelledby={captionId}
        // A scrollable region must be reachable by keyboard to scroll it (WCAG 2.1.1).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
        tabIndex={0}
      >
        <table className="proposal-weeks__table">
          <caption id={captionId} className="proposal-weeks__caption">
            {t('smartScheduler.review.weeks.tableCaption')}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('smartScheduler.review.weeks.week')}</th>
              {all.map((s) => (
                <th key={s} scope="col">
                  <span className={`proposal-weeks__swatch ${colour(s)}`} aria-hidden="true" />
                  {s}
                </th>
              ))}
              <th scope="col">{t('smartScheduler.review.weeks.total')}</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.start}>
                <th scope="row">
                  {t('smartScheduler.review.weeks.weekNumber', { number: w.number })}
                  <span className="proposal-weeks__range">{range(w)}</span>
                </th>
                {all.map((s) => (
                  <td key={s}>{h(w.hours[s] ?? 0)}</td>
                ))}
                <td className="proposal-weeks__total">{h(w.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <ol className="proposal-weeks__list">
        {weeks.map((w) => (
          <WeekItem
            key={w.start}
            week={w}
            title={t('smartScheduler.review.weeks.weekTitle', {
              number: w.number,
              range: range(w),
            })}
            expandAll={expandAll}
            colour={colour}
            renderDays={renderDays}
          />
        ))}
      </ol>
    </div>
  );
}

interface WeekItemProps {
  week: ProposalWeek;
  title: string;
  expandAll: boolean;
  colour: (subject: string) => string;
  renderDays: (days: Day[]) => ReactNode;
}

function WeekItem({ week, title, expandAll, colour, renderDays }: WeekItemProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const listId = useId();
  const shown = open || expandAll;
  const weekday = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' });
  const dayNumber = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', timeZone: 'UTC' });
  const count = week.days.reduce((n, d) => n + d.blocks.length, 0);
  return (
    <li className="proposal-week">
      <section aria-labelledby={headingId} className="proposal-week__body">
        <h3 id={headingId} className="proposal-week__title">
          {title}
        </h3>
        <ol
          className="week-strip"
          aria-label={t('smartScheduler.review.weeks.daysLabel', { title })}
        >
          {week.days.map((d) => {
            const when = new Date(`${d.date}T12:00:00Z`);
            return (
              <li key={d.date} className="week-strip__day">
                <span className="week-strip__name">
                  <span>{weekday.format(when)}</span> <span>{dayNumber.format(when)}</span>
                </span>
                <span className="week-strip__blocks">
                  {d.blocks.map((b) => (
                    <span
                      key={b.sessionId}
                      className={`week-strip__block ${colour(b.subject)}`}
                      title={`${b.subject} ${b.start}–${b.end}`}
                    >
                      <span className="visually-hidden">
                        {b.subject} {b.start}–{b.end}
                      </span>
                    </span>
                  ))}
                  {d.blocks.length === 0 ? (
                    <span className="visually-hidden">{t('smartScheduler.review.weeks.free')}</span>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ol>
        {expandAll ? null : (
          <button
            type="button"
            className="button button--ghost button--small proposal-week__toggle"
            aria-expanded={shown}
            aria-controls={listId}
            aria-describedby={headingId}
            onClick={() => setOpen((o) => !o)}
          >
            {shown
              ? t('smartScheduler.review.weeks.hideSessions')
              : t('smartScheduler.review.weeks.showSessions', { count })}
          </button>
        )}
        <div id={listId} hidden={!shown}>
          {shown ? renderDays(week.scheduled) : null}
        </div>
      </section>
    </li>
  );
}
