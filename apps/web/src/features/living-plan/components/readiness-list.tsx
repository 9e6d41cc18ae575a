import type { SubjectReadiness } from '@studybuddy/contracts';
import { useTranslation } from 'react-i18next';
import { noticeText } from '@/lib/notice-text';
import { useReadiness } from '../api/get-readiness';
import './living-plan.css';

export interface ReadinessListProps {
  readiness: readonly SubjectReadiness[];
  /** Accessible name of the list, e.g. the plan's name. */
  label: string;
}

/**
 * Per subject: a bar of the hours done and planned against the hours needed, the numbers as
 * text, the status (on track, at risk, behind) with its sentence, topics covered and, when the
 * subject has flashcards, the recall expected on its deadline. The bar is SVG (no inline
 * styles under the CSP) and hidden from assistive tech; every number is in the text.
 */
export function ReadinessList({ readiness, label }: ReadinessListProps) {
  const { t, i18n } = useTranslation();
  const hours = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' });
  if (readiness.length === 0)
    return <p className="status-text">{t('livingPlan.readiness.empty')}</p>;
  return (
    <ul className="readiness" aria-label={label}>
      {readiness.map((r) => {
        const scale = Math.max(r.hoursNeeded, r.hoursDone + r.hoursPlanned, 0.01);
        const done = Math.min(100, (r.hoursDone / scale) * 100);
        const planned = Math.min(100 - done, (r.hoursPlanned / scale) * 100);
        const needed = Math.min(100, (r.hoursNeeded / scale) * 100);
        return (
          <li key={r.subjectId} className={`readiness__item readiness__item--${r.status}`}>
            <div className="readiness__head">
              <span className="readiness__subject">{r.subject}</span>
              <span className={`readiness__status readiness__status--${r.status}`}>
                {t(`livingPlan.readiness.status.${r.status}`)}
              </span>
            </div>
            <svg
              className="readiness__bar"
              viewBox="0 0 100 10"
              preserveAspectRatio="none"
              aria-hidden="true"
              focusable="false"
            >
              <rect className="readiness__track" x="0" y="0" width="100" height="10" rx="2" />
              {done > 0 ? (
                <rect className="readiness__done" x="0" y="0" width={done} height="10" rx="2" />
              ) : null}
              {planned > 0 ? (
                <rect className="readiness__planned" x={done} y="0" width={planned} height="10" />
              ) : null}
              <rect
                className="readiness__need"
                x={Math.max(0, needed - 0.8)}
                y="0"
                width="0.8"
                height="10"
              />
            </svg>
            <p className="readiness__numbers">
              {t('livingPlan.readiness.hours', {
                done: hours.format(r.hoursDone),
                planned: hours.format(r.hoursPlanned),
                needed: hours.format(r.hoursNeeded),
              })}
            </p>
            <p className="readiness__message">{noticeText(r.notice, t, i18n.language)}</p>
            <p className="readiness__details">
              {t('livingPlan.readiness.topics', {
                covered: r.topicsCovered,
                total: r.topicsTotal,
              })}
              {r.recall !== undefined
                ? ` · ${t('livingPlan.readiness.recall', { percent: percent.format(r.recall) })}`
                : ''}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

export interface PlanReadinessProps {
  planId: number;
  planName: string;
}

/** The readiness of one plan, loaded from the server; a failure says so in one line. */
export function PlanReadiness({ planId, planName }: PlanReadinessProps) {
  const { t } = useTranslation();
  const query = useReadiness(planId);
  if (query.isPending)
    return (
      <p className="status-text" role="status">
        {t('common.loading')}
      </p>
    );
  if (query.isError) return <p className="status-text">{t('livingPlan.readiness.loadFailed')}</p>;
  return (
    <ReadinessList
      readiness={query.data}
      label={t('livingPlan.readiness.listLabel', { plan: planName })}
    />
  );
}
