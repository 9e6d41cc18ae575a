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
  useSubscribeCalendar,
  useUpdateCalendar,
} from '../api/calendars';
import './calendars.css';
import { NeedsConnection } from '@/components/needs-connection';
import { calendarColour, calendarColourClass } from '@/lib/calendar-colours';

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
          <SubscribeForm />
          <ImportForm />
          <CalendarList />
        </>
      ) : null}
    </Modal>
  );
}

/**
 * A form's outcome line: what the action says it did, or its error in the student's language.
 * `run` answers whether the action succeeded.
 */
function useOutcome() {
  const { t, i18n } = useTranslation();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const run = async (action: () => Promise<string>): Promise<boolean> => {
    setOutcome(null);
    try {
      setOutcome({ ok: true, text: await action() });
      return true;
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error, t, i18n.language) });
      return false;
    }
  };
  const line = (
    <FormMessage tone={outcome?.ok ? 'success' : 'error'}>{outcome?.text ?? null}</FormMessage>
  );
  return { run, line };
}

function SubscribeForm() {
  const { t } = useTranslation();
  const subscribe = useSubscribeCalendar();
  const outcome = useOutcome();
  const [url, setUrl] = useState('');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The dialog may open from within another form (the wizard's step 2): its submit stays here.
    event.stopPropagation();
    const done = await outcome.run(async () => {
      const calendar = await subscribe.mutateAsync({ url: url.trim() });
      return t('calendars.subscribed', { name: calendar.name, count: calendar.eventCount });
    });
    if (done) setUrl('');
  }

  return (
    <NeedsConnection>
      <form className="form" noValidate onSubmit={onSubmit} aria-labelledby="calendars-link-title">
        <h3 id="calendars-link-title" className="calendars__heading">
          {t('calendars.linkTitle')}
        </h3>
        <p className="form__note">{t('calendars.linkHint')}</p>
        {outcome.line}
        <InputField
          label={t('calendars.link')}
          type="url"
          inputMode="url"
          autoComplete="off"
          required
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <button
          type="submit"
          className="button button--primary"
          disabled={url.trim() === '' || subscribe.isPending}
        >
          {subscribe.isPending ? t('calendars.subscribing') : t('calendars.subscribe')}
        </button>
      </form>
    </NeedsConnection>
  );
}

function ImportForm() {
  const { t } = useTranslation();
  const importCalendar = useImportCalendar();
  const outcome = useOutcome();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The dialog may open from within another form (the wizard's step 2): its submit stays here.
    event.stopPropagation();
    // Kept before the wait: React lets go of the event's target once the handler awaits.
    const form = event.currentTarget;
    if (!file) return;
    const done = await outcome.run(async () => {
      const calendar = await importCalendar.mutateAsync({ file, name });
      return t('calendars.imported', { name: calendar.name, count: calendar.eventCount });
    });
    if (!done) return;
    setName('');
    setFile(null);
    form.reset();
  }

  return (
    <NeedsConnection>
      <form
        className="form"
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="calendars-import-title"
      >
        <h3 id="calendars-import-title" className="calendars__heading">
          {t('calendars.importTitle')}
        </h3>
        <p className="form__note">{t('calendars.importHint')}</p>
        {outcome.line}
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
    </NeedsConnection>
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
      <p className="calendars__name">
        <span
          className={calendarColourClass('calendar-swatch', calendarColour(calendar.id))}
          aria-hidden="true"
        />
        {calendar.name}
      </p>
      {calendar.host ? (
        <p className="form__note">{t('calendars.fromHost', { host: calendar.host })}</p>
      ) : null}
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
