import { useTranslation } from 'react-i18next';
import { useProgress } from '../api/get-progress';
import './progress.css';

interface ProgressRow {
  key: number;
  label: string;
  topicsCompleted: number;
  topicsTotal: number;
  hoursDone: number;
  hoursPlanned: number;
}

function ratio(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.max(0, Math.min(1, done / total));
}

/** A horizontal bar; the numbers are always written next to it, so it is decoration only. */
function Bar({ value, tone }: { value: number; tone: 'topics' | 'hours' }) {
  return (
    <svg
      className="progress-bar"
      viewBox="0 0 100 8"
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
    >
      <rect className="progress-bar__track" x="0" y="0" width="100" height="8" rx="4" />
      {value > 0 ? (
        <rect
          className={`progress-bar__fill progress-bar__fill--${tone}`}
          x="0"
          y="0"
          width={Math.max(value * 100, 2)}
          height="8"
          rx="4"
        />
      ) : null}
    </svg>
  );
}

function ProgressRows({ rows }: { rows: ProgressRow[] }) {
  const { t, i18n } = useTranslation();
  const hours = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <ul className="progress-chart">
      {rows.map((row) => (
        <li key={row.key} className="progress-chart__row">
          <p className="progress-chart__label">{row.label}</p>
          <div className="progress-chart__measure">
            <Bar value={ratio(row.topicsCompleted, row.topicsTotal)} tone="topics" />
            <span className="progress-chart__value">
              {t('progress.topics', { done: row.topicsCompleted, total: row.topicsTotal })}
            </span>
          </div>
          <div className="progress-chart__measure">
            <Bar value={ratio(row.hoursDone, row.hoursPlanned)} tone="hours" />
            <span className="progress-chart__value">
              {t('progress.hours', {
                done: hours.format(row.hoursDone),
                total: hours.format(row.hoursPlanned),
              })}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}

export interface ProgressChartProps {
  /** With a plan id: one row per subject of that plan; without: one row per plan. */
  planId?: number;
}

/**
 * Progress as a small bar chart (docs/product.md, Product decisions): topics completed of total
 * and hours of sessions done of planned. SVG bars with the values as text; no chart library.
 */
export function ProgressChart({ planId }: ProgressChartProps) {
  const { t } = useTranslation();
  const progress = useProgress();
  if (progress.isPending) return <p className="status-text">{t('common.loading')}</p>;
  if (progress.isError) return <p className="status-text">{t('progress.failed')}</p>;
  const rows: ProgressRow[] =
    planId === undefined
      ? progress.data.map((p) => ({ key: p.planId, label: p.planName, ...p }))
      : (progress.data.find((p) => p.planId === planId)?.subjects ?? []).map((s) => ({
          key: s.subjectId,
          label: s.subjectName,
          ...s,
        }));
  if (rows.length === 0) return <p className="status-text">{t('progress.empty')}</p>;
  return <ProgressRows rows={rows} />;
}
