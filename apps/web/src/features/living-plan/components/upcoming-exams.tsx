import type { PlanSummary, ReadinessStatus } from '@studybuddy/contracts';
import { useQueries } from '@tanstack/react-query';
import { differenceInCalendarDays, parseISO } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format-date';
import { readinessQueryOptions } from '../api/get-readiness';
import './living-plan.css';
import './upcoming-exams.css';

export interface UpcomingExamsProps {
  plans: readonly PlanSummary[];
  /** The colour name of a subject by its index in its plan (the plan page's colours). */
  colourOf: (index: number) => string;
  /** Today; the browser's clock unless a test sets it. */
  now?: Date;
}

interface Exam {
  planId: number;
  subjectId: number;
  subjectName: string;
  date: string;
  days: number;
  colour: string;
}

/** Whole calendar days from today (local) to a YYYY-MM-DD day (read as a local day). */
function daysUntil(date: string, now: Date): number {
  return differenceInCalendarDays(parseISO(date), now);
}

/** The accepted plans' subjects with an exam today or later, soonest first. */
function upcomingExams(
  plans: readonly PlanSummary[],
  colourOf: (index: number) => string,
  now: Date,
): Exam[] {
  const out: Exam[] = [];
  for (const p of plans) {
    if (p.status !== 'active') continue;
    p.subjectDetails.forEach((s, index) => {
      if (!s.examDate) return;
      const days = daysUntil(s.examDate, now);
      if (days < 0) return;
      out.push({
        planId: p.id,
        subjectId: s.id,
        subjectName: s.subjectName,
        date: s.examDate,
        days,
        colour: colourOf(index),
      });
    });
  }
  return out.sort((a, b) => a.days - b.days || a.subjectName.localeCompare(b.subjectName));
}

/**
 * "Upcoming exams" on the dashboard (docs/product.md, Screens): the accepted plans' subjects
 * with an exam today or later, soonest first, each with its colour dot, the day, a countdown
 * ("today", "tomorrow", "in N days") and the subject's readiness status from the living plan.
 */
export function UpcomingExams({ plans, colourOf, now = new Date() }: UpcomingExamsProps) {
  const { t, i18n } = useTranslation();
  const exams = upcomingExams(plans, colourOf, now);
  const planIds = [...new Set(exams.map((e) => e.planId))];
  const readiness = useQueries({
    queries: planIds.map((id) => readinessQueryOptions(id)),
  });
  const statusOf = new Map<number, ReadinessStatus>();
  for (const q of readiness) for (const r of q.data ?? []) statusOf.set(r.subjectId, r.status);
  const pending = new Set(planIds.filter((_, i) => readiness[i]?.isPending));

  const relative = new Intl.RelativeTimeFormat(i18n.language, { numeric: 'auto' });

  return (
    <section className="stack" aria-labelledby="upcoming-exams-title">
      <h2 id="upcoming-exams-title" className="section-title">
        {t('exams.title')}
      </h2>
      {exams.length === 0 ? (
        <p className="status-text">{t('exams.empty')}</p>
      ) : (
        <ul className="upcoming-exams" aria-label={t('exams.listLabel')}>
          {exams.map((e) => {
            const status = statusOf.get(e.subjectId);
            return (
              <li key={e.subjectId} className="upcoming-exams__item" lang={i18n.language}>
                <span
                  className={`upcoming-exams__dot upcoming-exams__dot--${e.colour}`}
                  aria-hidden="true"
                />
                <span className="upcoming-exams__subject">{e.subjectName}</span>
                <time className="upcoming-exams__date" dateTime={e.date}>
                  {formatDate(e.date, i18n.language)}
                </time>
                <span className="upcoming-exams__countdown">{relative.format(e.days, 'day')}</span>
                {status ? (
                  <span className={`readiness__status readiness__status--${status}`}>
                    {t('exams.readiness', {
                      status: t(`livingPlan.readiness.status.${status}`),
                    })}
                  </span>
                ) : pending.has(e.planId) ? (
                  <span className="upcoming-exams__pending">{t('exams.readinessLoading')}</span>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
