import {
  BUSY_KINDS,
  BUSY_TIME_MESSAGES,
  type BusyTime,
  type BusyTimeInput,
  busyTimeInputSchema,
  formatClock,
  parseClock,
} from '@studybuddy/contracts';
import { useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField, FormMessage, InputField, SelectField } from '@/components/form-field';
import { Modal } from '@/components/modal';
import { browserTimeZone } from '@/lib/date-formatters';
import { errorMessage } from '@/lib/error-message';
import { useDeleteBusyTime, useSaveBusyTime } from '../api/save-busy-time';
import './busy-times.css';

/** What the inputs hold; `weekly` is the repeat switch, `until` '' for no last day. */
interface BusyFormValues {
  kind: BusyTimeInput['kind'];
  title: string;
  date: string;
  startTime: string;
  endTime: string;
  weekly: boolean;
  until: string;
}

function toInput(v: BusyFormValues): BusyTimeInput {
  return {
    kind: v.kind,
    title: v.title,
    date: v.date,
    startTime: v.startTime,
    endTime: v.endTime,
    repeat: v.weekly ? 'weekly' : 'once',
    until: v.weekly && v.until ? v.until : null,
    timeZone: browserTimeZone(),
  };
}

/**
 * The form's rule is the contract's, run on the value the server will receive (the repeat switch
 * and the empty last day become `repeat` and `until` first); each field gets its first problem.
 */
const formResolver: Resolver<BusyFormValues> = async (values) => {
  const parsed = busyTimeInputSchema.safeParse(toInput(values));
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'title');
    errors[field] ??= { type: 'validation', message: issue.message };
  }
  return { values: {}, errors };
};

/** A contract message in the student's language. */
/** The default end of new busy time: an hour after its start, on the same day (23:MM at most). */
function anHourLater(start: string): string {
  const minute = parseClock(start);
  return formatClock(Math.min(23, Math.floor(minute / 60) + 1) * 60 + (minute % 60));
}

function useBusyMessage() {
  const { t } = useTranslation();
  return (message: string | undefined) => {
    if (!message) return undefined;
    const key = Object.entries(BUSY_TIME_MESSAGES).find(([, text]) => text === message)?.[0];
    return key ? t(`calendar.busy.errors.${key}`) : t('calendar.busy.errors.invalid');
  };
}

export interface BusyTimeDialogProps {
  open: boolean;
  /** The busy time to change; without it the dialog adds one. */
  busy?: BusyTime | undefined;
  /** Preset day (YYYY-MM-DD) and start (HH:MM) when adding. */
  date?: string | undefined;
  startTime?: string | undefined;
  onClose: () => void;
}

/**
 * Add or change busy time: a lecture, lab, work shift or sport, once or every week (with an
 * optional last day). The calendar shows it and planning and re-planning leave it free.
 */
export function BusyTimeDialog({ open, busy, date, startTime, onClose }: BusyTimeDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={busy ? t('calendar.busy.editTitle') : t('calendar.busy.createTitle')}
    >
      {open ? (
        <BusyTimeForm
          key={busy?.id ?? 'new'}
          busy={busy}
          date={date}
          startTime={startTime}
          onDone={onClose}
        />
      ) : null}
    </Modal>
  );
}

function BusyTimeForm({
  busy,
  date,
  startTime,
  onDone,
}: {
  busy?: BusyTime | undefined;
  date?: string | undefined;
  startTime?: string | undefined;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const busyMessage = useBusyMessage();
  const save = useSaveBusyTime();
  const remove = useDeleteBusyTime();
  const [formError, setFormError] = useState<string | null>(null);
  const start = busy?.startTime ?? startTime ?? '09:00';
  const { register, handleSubmit, control, formState } = useForm<BusyFormValues>({
    resolver: formResolver,
    defaultValues: {
      kind: busy?.kind ?? 'lecture',
      title: busy?.title ?? '',
      date: busy?.date ?? date ?? '',
      startTime: start,
      endTime: busy?.endTime ?? anHourLater(start),
      weekly: busy ? busy.repeat === 'weekly' : false,
      until: busy?.until ?? '',
    },
  });
  const weekly = useWatch({ control, name: 'weekly' });
  const error = (name: keyof BusyFormValues) =>
    formState.isSubmitted ? busyMessage(formState.errors[name]?.message) : undefined;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save.mutateAsync({ id: busy?.id, input: toInput(values) });
      onDone();
    } catch (e) {
      setFormError(errorMessage(e, t, i18n.language));
    }
  });

  return (
    <form className="form busy-form" noValidate onSubmit={onSubmit}>
      <FormMessage tone="error">{formError}</FormMessage>
      <SelectField label={t('calendar.busy.kind')} {...register('kind')}>
        {BUSY_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {t(`calendar.busy.kinds.${kind}`)}
          </option>
        ))}
      </SelectField>
      <InputField
        label={t('calendar.busy.title')}
        required
        maxLength={200}
        error={error('title')}
        {...register('title')}
      />
      <InputField
        label={t('calendar.busy.date')}
        type="date"
        required
        error={error('date')}
        {...register('date')}
      />
      <div className="busy-form__times">
        <InputField
          label={t('calendar.busy.from')}
          type="time"
          step={900}
          required
          error={error('startTime')}
          {...register('startTime')}
        />
        <InputField
          label={t('calendar.busy.to')}
          type="time"
          step={900}
          required
          error={error('endTime')}
          {...register('endTime')}
        />
      </div>
      <CheckboxField label={t('calendar.busy.weekly')} {...register('weekly')} />
      {weekly ? (
        <InputField
          label={t('calendar.busy.until')}
          type="date"
          error={error('until')}
          {...register('until')}
        />
      ) : null}
      <div className="form__actions">
        {busy ? (
          <button
            type="button"
            className="button button--danger"
            disabled={remove.isPending}
            onClick={async () => {
              setFormError(null);
              try {
                await remove.mutateAsync(busy.id);
                onDone();
              } catch (e) {
                setFormError(errorMessage(e, t, i18n.language));
              }
            }}
          >
            {t('calendar.busy.delete')}
          </button>
        ) : null}
        <button type="button" className="button button--secondary" onClick={onDone}>
          {t('common.close')}
        </button>
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {t('calendar.busy.save')}
        </button>
      </div>
    </form>
  );
}
