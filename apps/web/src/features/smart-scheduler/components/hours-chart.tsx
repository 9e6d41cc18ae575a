import type { Proposal } from '@studybuddy/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Hours per subject as horizontal bars. The bars are drawn in SVG (no inline styles under our
 * CSP) and hidden from assistive tech; every number is written as text beside its bar.
 */
export function HoursChart({ summary }: { summary: Proposal['summary'] }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const format = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const max = Math.max(1, ...summary.map((s) => s.totalHours));
  const total = summary.reduce((sum, s) => sum + s.totalHours, 0);
  return (
    <figure className="hours-chart" aria-labelledby={titleId}>
      <figcaption id={titleId} className="visually-hidden">
        {t('smartScheduler.review.summaryTitle')}
      </figcaption>
      <ul className="hours-chart__list">
        {summary.map((s) => (
          <li key={s.subject} className="hours-chart__row">
            <span className="hours-chart__label">{s.subject}</span>
            <svg
              className="hours-chart__bar"
              viewBox="0 0 100 10"
              preserveAspectRatio="none"
              aria-hidden="true"
              focusable="false"
            >
              <rect className="hours-chart__track" x="0" y="0" width="100" height="10" rx="3" />
              {s.totalHours > 0 ? (
                <rect
                  className="hours-chart__fill"
                  x="0"
                  y="0"
                  width={Math.max((s.totalHours / max) * 100, 2)}
                  height="10"
                  rx="3"
                />
              ) : null}
            </svg>
            <span className="hours-chart__value">
              {t('smartScheduler.review.hours', { hours: format.format(s.totalHours) })}
            </span>
          </li>
        ))}
      </ul>
      <p className="hours-chart__total">
        {t('smartScheduler.review.totalHours', { hours: format.format(total) })}
      </p>
    </figure>
  );
}
