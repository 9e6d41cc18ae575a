import {
  type CheckInInput,
  type CheckInStatus,
  checkInInputSchema,
  checkInStatuses,
  LIVING_PLAN_MESSAGES,
  type StudySession,
} from '@studybuddy/contracts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputField, SelectField } from '@/components/form-field';
import { Modal } from '@/components/modal';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-message';
import { useCheckIn } from '../api/check-in';
import { livingPlanMessage } from '../utils/living-plan-messages';
import { sessionMinutes } from '../utils/sessions';
import { sessionWhen } from './check-in-state';
import './living-plan.css';

export interface CheckInDialogProps {
  /** The session to check in, or null when the dialog is closed. */
  session: StudySession | null;
  /** The status to start from (a quick "Partly" button); else the session's own check-in. */
  initialStatus?: CheckInStatus | undefined;
  onClose: () => void;
  /** After a saved check-in: the page refreshes the sessions. */
  onCheckedIn?: (session: StudySession) => void;
}

type Field = 'status' | 'minutesDone' | 'rating';
type Errors = Partial<Record<Field | 'form', string>>;

/**
 * "How did it go?": done, partly (with the minutes studied) or missed, and an optional rating
 * from 1 to 5, checked with the contract's schema before it is sent; the server's problems show
 * on their fields, any other on the form.
 */
export function CheckInDialog({
  session,
  initialStatus,
  onClose,
  onCheckedIn,
}: CheckInDialogProps) {
  const { t, i18n } = useTranslation();
  const formId = useId();
  const mutation = useCheckIn(onCheckedIn);
  const [status, setStatus] = useState<CheckInStatus | ''>('');
  const [minutes, setMinutes] = useState('');
  const [rating, setRating] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const { reset } = mutation;

  useEffect(() => {
    if (!session) return;
    setStatus(initialStatus ?? session.checkIn?.status ?? '');
    setMinutes(session.checkIn?.minutesDone != null ? String(session.checkIn.minutesDone) : '');
    setRating(session.checkIn?.rating != null ? String(session.checkIn.rating) : '');
    setErrors({});
    reset();
  }, [session, initialStatus, reset]);

  const length = session ? sessionMinutes(session) : 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!session) return;
    const input: CheckInInput = {
      status: status as CheckInStatus,
      ...(status === 'partial' ? { minutesDone: minutes === '' ? null : Number(minutes) } : {}),
      ...(rating ? { rating: Number(rating) } : {}),
    };
    const found: Errors = {};
    const parsed = checkInInputSchema.safeParse(input);
    for (const issue of parsed.error?.issues ?? []) {
      const field = (issue.path[0] ?? 'status') as Field;
      found[field] ??= livingPlanMessage(issue.message, t);
    }
    if (!found.minutesDone && status === 'partial' && Number(minutes) > length)
      found.minutesDone = livingPlanMessage(LIVING_PLAN_MESSAGES.minutesOverLength, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    mutation.mutate(
      { session, input, what: `${session.subjectName} · ${sessionWhen(session, i18n.language)}` },
      {
        onSuccess: onClose,
        onError: (error) => {
          const next: Errors = {};
          if (isApiError(error)) {
            for (const issue of error.fieldIssues) {
              const field = issue.path as Field;
              if (field === 'status' || field === 'minutesDone' || field === 'rating')
                next[field] ??= livingPlanMessage(issue.message, t);
            }
          }
          if (Object.keys(next).length === 0) {
            const own = isApiError(error) ? livingPlanMessage(error.message, t) : '';
            next.form =
              isApiError(error) && own !== error.message
                ? own
                : errorMessage(error, t, i18n.language);
          }
          setErrors(next);
        },
      },
    );
  }

  const statusErrorId = `${formId}-status-error`;
  return (
    <Modal
      open={session !== null}
      onClose={onClose}
      title={session ? t('livingPlan.checkIn.title', { subject: session.subjectName }) : ''}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('livingPlan.checkIn.cancel')}
          </button>
          <button
            type="submit"
            form={formId}
            className="button button--primary"
            disabled={mutation.isPending}
          >
            {t('livingPlan.checkIn.save')}
          </button>
        </>
      }
    >
      {session ? (
        <form id={formId} className="check-in-form" noValidate onSubmit={submit}>
          <p className="check-in-form__when">{sessionWhen(session, i18n.language)}</p>
          <fieldset
            className="form__fieldset"
            aria-describedby={errors.status ? statusErrorId : undefined}
          >
            <legend className="form__legend">{t('livingPlan.checkIn.question')}</legend>
            <div className="check-in-form__choices">
              {checkInStatuses.map((s) => (
                <label key={s} className="check-in-form__choice">
                  <input
                    type="radio"
                    name={`${formId}-status`}
                    value={s}
                    checked={status === s}
                    data-autofocus={
                      status === s || (status === '' && s === 'done') ? '' : undefined
                    }
                    onChange={() => setStatus(s)}
                  />
                  <span>{t(`livingPlan.checkIn.status.${s}`)}</span>
                </label>
              ))}
            </div>
            {errors.status ? (
              <p id={statusErrorId} className="field__error">
                {errors.status}
              </p>
            ) : null}
          </fieldset>
          {status === 'partial' ? (
            <InputField
              label={t('livingPlan.checkIn.minutes')}
              hint={t('livingPlan.checkIn.minutesHint', { max: length })}
              type="number"
              inputMode="numeric"
              min={1}
              max={length}
              step={1}
              required
              value={minutes}
              error={errors.minutesDone}
              onChange={(e) => setMinutes(e.target.value)}
            />
          ) : null}
          <SelectField
            label={t('livingPlan.checkIn.rating')}
            value={rating}
            error={errors.rating}
            onChange={(e) => setRating(e.target.value)}
          >
            <option value="">{t('livingPlan.checkIn.noRating')}</option>
            {[1, 2, 3, 4, 5].map((r) => (
              <option key={r} value={String(r)}>
                {t(`livingPlan.checkIn.ratings.${r}`)}
              </option>
            ))}
          </SelectField>
          {errors.form ? (
            <p className="form-message form-message--error" role="alert">
              {errors.form}
            </p>
          ) : null}
        </form>
      ) : null}
    </Modal>
  );
}
