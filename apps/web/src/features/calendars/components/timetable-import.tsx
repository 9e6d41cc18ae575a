import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useCalendars } from '../api/calendars';
import { CalendarsDialog } from './calendars-dialog';
import './calendars.css';

/**
 * Lectures already in a timetable elsewhere: imported here (a file or a link), the plan leaves
 * them free. The dialog opens outside the wizard's form (a portal), so its forms are its own.
 */
export function TimetableImport() {
  const { t } = useTranslation();
  const calendars = useCalendars();
  const [open, setOpen] = useState(false);
  const count = calendars.data?.filter((c) => c.countsAsBusy).length ?? 0;
  return (
    <div className="timetable-import">
      <p className="form__note">
        {count > 0
          ? t('smartScheduler.wizard.availability.timetables', { count })
          : t('smartScheduler.wizard.availability.noTimetable')}
      </p>
      <button
        type="button"
        className="button button--secondary"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {t('calendars.open')}
      </button>
      {open
        ? createPortal(<CalendarsDialog open onClose={() => setOpen(false)} />, document.body)
        : null}
    </div>
  );
}
