import type { Calendar } from '@studybuddy/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField, FormMessage, InputField } from '@/components/form-field';
import { Modal } from '@/components/modal';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format-date';
import {
  useCalendars,
  useImportCalendar,
  useRefreshCalendar,
  useRemoveCalendar,
  useUpdateCalendar,
} from '../api/calendars';
import './calendars.css';

export interface CalendarsDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Imported timetables: a calendar file (.ics) from the university, Google, Outlook, Apple or
 * Nextcloud becomes busy time; each imported calendar can be read again, left out of planning or
 * removed. Its events are changed at their source, not here.
 */
export function CalendarsDialog({ open, onClose }: CalendarsDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('calendars.title')} size="large">
      {open ? (
        <>
          <ImportForm />
          <CalendarList />
        </>
      ) : null}
    </Modal>
  );
}

function ImportForm() {
  const { t, i18n } = useTranslation();
  const importCalendar = useImportCalendar();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) return;
    setMessage(null);
    try {
      const calendar = await importCalendar.mutateAsync({ file, name });
      setMessage({
        ok: true,
        text: t('calendars.imported', { name: calendar.name, count: calendar.eventCount }),
      });
      setName('');
      setFile(null);
      event.currentTarget?.reset();
    } catch (error) {
      setMessage({ ok: false, text: errorMessage(error, t, i18n.language) });
    }
  }

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-labelledby="calendars-import-title">
      <h3 id="calendars-import-title" className="calendars__heading">
        {t('calendars.importTitle')}
      </h3>
      <p className="form__note">{t('calendars.importHint')}</p>
      <FormMessage tone={message?.ok ? 'success' : 'error'}>{message?.text ?? null}</FormMessage>
      <InputField
        label={t('calendars.file')}
        type="file"
        accept=".ics,text/calendar"
        required
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
      />
      <InputField
        label={t('calendars.name')}
        hint={t('calendars.nameHint')}
        maxLength={100}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <button
        type="submit"
        className="button button--primary"
        disabled={!file || importCalendar.isPending}
      >
        {importCalendar.isPending ? t('calendars.importing') : t('calendars.import')}
      </button>
    </form>
  );
}

function CalendarList() {
  const { t } = useTranslation();
  const calendars = useCalendars();
  if (!calendars.data?.length) return null;
  return (
    <section aria-labelledby="calendars-list-title">
      <h3 id="calendars-list-title" className="calendars__heading">
        {t('calendars.listTitle')}
      </h3>
      <ul className="calendars__list">
        {calendars.data.map((c) => (
          <CalendarItem key={c.id} calendar={c} />
        ))}
      </ul>
    </section>
  );
}

function CalendarItem({ calendar }: { calendar: Calendar }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateCalendar();
  const refresh = useRefreshCalendar();
  const remove = useRemoveCalendar();
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(errorMessage(e, t, i18n.language));
    }
  };
  const busy = update.isPending || refresh.isPending || remove.isPending;
  return (
    <li className="calendars__item">
      <p className="calendars__name">{calendar.name}</p>
      <p className="form__note">
        {t('calendars.summary', {
          count: calendar.eventCount,
          when: formatDateTime(new Date(calendar.lastSyncAt), i18n.language),
        })}
      </p>
      {calendar.warnings.map((w) => (
        <p key={`${w.code}-${w.zone ?? ''}`} className="form__note">
          {t(`calendars.warnings.${w.code}`, { zone: w.zone ?? '' })}
        </p>
      ))}
      <FormMessage tone="error">{error}</FormMessage>
      <CheckboxField
        label={t('calendars.countsAsBusy')}
        checked={calendar.countsAsBusy}
        disabled={busy}
        onChange={(e) =>
          void run(() =>
            update.mutateAsync({
              id: calendar.id,
              input: { name: calendar.name, countsAsBusy: e.target.checked },
            }),
          )
        }
      />
      <div className="calendars__actions">
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={busy}
          onClick={() => void run(() => refresh.mutateAsync(calendar.id))}
        >
          {t('calendars.refresh')}
        </button>
        <button
          type="button"
          className="button button--danger button--small"
          disabled={busy}
          aria-label={t('calendars.removeNamed', { name: calendar.name })}
          onClick={() => void run(() => remove.mutateAsync(calendar.id))}
        >
          {t('calendars.remove')}
        </button>
      </div>
    </li>
  );
}
