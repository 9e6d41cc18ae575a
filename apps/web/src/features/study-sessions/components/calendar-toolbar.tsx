import { useTranslation } from 'react-i18next';

export const CALENDAR_VIEWS = ['week', 'day', 'month'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

export interface CalendarToolbarProps {
  view: CalendarView;
  /** What is shown: "Nov 22 – 28, 2026", a day or a month. */
  label: string;
  onStep: (direction: -1 | 1) => void;
  onToday: () => void;
  onView: (view: CalendarView) => void;
}

/** Previous and next (a week, a day or a month), back to today, and the view switch. */
export function CalendarToolbar({ view, label, onStep, onToday, onView }: CalendarToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className="calendar__toolbar">
      <div className="calendar__steps">
        <button
          type="button"
          className="button button--secondary calendar__nav"
          aria-label={t(`calendar.previous.${view}`)}
          onClick={() => onStep(-1)}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <button type="button" className="button button--secondary" onClick={onToday}>
          {t('calendar.today')}
        </button>
        <button
          type="button"
          className="button button--secondary calendar__nav"
          aria-label={t(`calendar.next.${view}`)}
          onClick={() => onStep(1)}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <p className="calendar__range" aria-live="polite">
        {label}
      </p>
      <fieldset className="calendar__views">
        <legend className="visually-hidden">{t('calendar.view.label')}</legend>
        {CALENDAR_VIEWS.map((v) => (
          <button
            key={v}
            type="button"
            className={v === view ? 'calendar__view calendar__view--current' : 'calendar__view'}
            aria-pressed={v === view}
            onClick={() => onView(v)}
          >
            {t(`calendar.view.${v}`)}
          </button>
        ))}
      </fieldset>
    </div>
  );
}
