import type { AdminOverview } from '@studybuddy/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import './admin.css';

interface Figure {
  key: string;
  value: string;
  /** Something failed today: the figure is drawn in the danger colour. */
  alert?: boolean;
}

/**
 * The headline figures as a grid of small cards: students, active in the last 7 days, today's
 * reminders sent and failed, the AI provider and model in use and its failures today.
 */
export function AdminFigures({ overview }: { overview: AdminOverview }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const number = new Intl.NumberFormat(i18n.language);
  const { ai, reminders } = overview;
  const provider = t(`admin.figures.providers.${ai.provider}`, { defaultValue: ai.provider });
  const figures: Figure[] = [
    { key: 'students', value: number.format(overview.students) },
    { key: 'activeLast7Days', value: number.format(overview.activeLast7Days) },
    { key: 'remindersSent', value: number.format(reminders.sent) },
    {
      key: 'remindersFailed',
      value: number.format(reminders.failed),
      alert: reminders.failed > 0,
    },
    { key: 'ai', value: ai.model ? `${provider} · ${ai.model}` : provider },
    { key: 'aiFailures', value: number.format(ai.failuresToday), alert: ai.failuresToday > 0 },
  ];
  return (
    <section className="card admin-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="form__section-title admin-section__title">
        {t('admin.figures.title')}
      </h2>
      <dl className="admin-figures">
        {figures.map((figure) => (
          <div
            key={figure.key}
            className={figure.alert ? 'admin-figure admin-figure--alert' : 'admin-figure'}
          >
            <dt className="admin-figure__label">{t(`admin.figures.${figure.key}`)}</dt>
            <dd className="admin-figure__value">{figure.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
