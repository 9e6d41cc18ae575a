import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Modal } from '@/components/modal';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-message';
import { useCreateFeedback } from '../api/create-feedback';
import './feedback.css';

const RATINGS = [0, 1, 2, 3, 4, 5] as const;
/** The longest text the server accepts for 'pleased' and 'recommendation'. */
const FEEDBACK_TEXT_MAX = 2000;
/** The longest page path the server accepts; a longer one (long topic names) is cut. */
const FEEDBACK_PAGE_MAX = 200;

type Step = 'closed' | 'form' | 'sending' | 'thanks';

interface Values {
  rating: number | null;
  pleased: string;
  recommendation: string;
}

const EMPTY: Values = { rating: null, pleased: '', recommendation: '' };

/**
 * The floating star and the app-feedback flow (docs/product.md, Screens): the popup asks for
 * a rating from 0 to 5 and two optional texts; while it is sent the popup steps aside so the
 * loading overlay can say 'Submitting your review...'; success opens the thank-you popup, a
 * failure brings the popup back with what was typed and the reason. The feedback carries the
 * path of the screen it was sent from.
 */
export function FeedbackLauncher() {
  const { t, i18n } = useTranslation();
  const create = useCreateFeedback();
  const { pathname } = useLocation();
  const [step, setStep] = useState<Step>('closed');
  const [values, setValues] = useState<Values>(EMPTY);
  const [ratingMissing, setRatingMissing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const ids = { rating: useId(), pleased: useId(), recommendation: useId(), form: useId() };

  function open() {
    setFailure(null);
    setRatingMissing(false);
    setStep('form');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (values.rating === null) {
      setRatingMissing(true);
      return;
    }
    setFailure(null);
    setStep('sending');
    try {
      await create.mutateAsync({
        rating: values.rating,
        pleased: values.pleased.trim(),
        recommendation: values.recommendation.trim(),
        // The path only: the query string (a plan id, a notice) is none of the admin's business.
        page: pathname.slice(0, FEEDBACK_PAGE_MAX),
      });
      setValues(EMPTY);
      setStep('thanks');
    } catch (error) {
      // The server's message, else 'Failed to submit review.' (docs/product.md, Errors).
      setFailure(
        isApiError(error) && error.status > 0 && error.message
          ? errorMessage(error, t, i18n.language, 'feedback.failed')
          : t('feedback.failed'),
      );
      setStep('form');
    }
  }

  return (
    <>
      <button type="button" className="feedback-star" onClick={open}>
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
          className="feedback-star__icon"
        >
          <path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.1l-5.7 3.2 1.2-6.4-4.7-4.4 6.4-.8z" />
        </svg>
        <span className="visually-hidden">{t('feedback.open')}</span>
      </button>

      <Modal
        open={step === 'form'}
        onClose={() => setStep('closed')}
        title={t('feedback.title')}
        footer={
          <>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setStep('closed')}
            >
              {t('feedback.cancel')}
            </button>
            <button type="submit" form={ids.form} className="button button--primary">
              {t('feedback.submit')}
            </button>
          </>
        }
      >
        <form id={ids.form} className="form feedback-form" noValidate onSubmit={submit}>
          <p className="feedback-form__intro">{t('feedback.intro')}</p>
          {failure ? (
            <p
              className="form-message form-message--error"
              role="alert"
              tabIndex={-1}
              data-autofocus
            >
              {failure}
            </p>
          ) : null}
          <fieldset
            className="feedback-rating"
            aria-describedby={ratingMissing ? `${ids.rating}-error` : `${ids.rating}-hint`}
            aria-invalid={ratingMissing ? true : undefined}
          >
            <legend className="field__label">{t('feedback.rating')}</legend>
            <p id={`${ids.rating}-hint`} className="field__hint">
              {t('feedback.ratingHint')}
            </p>
            <div className="feedback-rating__options">
              {RATINGS.map((n) => (
                <label key={n} className="feedback-rating__option">
                  <input
                    type="radio"
                    name={ids.rating}
                    value={n}
                    checked={values.rating === n}
                    onChange={() => {
                      setValues((v) => ({ ...v, rating: n }));
                      setRatingMissing(false);
                    }}
                  />
                  <span className="feedback-rating__face" aria-hidden="true">
                    {n}
                    <span className="feedback-rating__star">★</span>
                  </span>
                  <span className="visually-hidden">{t(`feedback.ratingOptions.r${n}`)}</span>
                </label>
              ))}
            </div>
            {ratingMissing ? (
              <p id={`${ids.rating}-error`} className="field__error">
                {t('feedback.ratingRequired')}
              </p>
            ) : null}
          </fieldset>
          <div className="field">
            <label htmlFor={ids.pleased} className="field__label">
              {t('feedback.pleased')}
            </label>
            <textarea
              id={ids.pleased}
              className="field__control field__control--textarea"
              rows={3}
              maxLength={FEEDBACK_TEXT_MAX}
              value={values.pleased}
              onChange={(e) => setValues((v) => ({ ...v, pleased: e.target.value }))}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.recommendation} className="field__label">
              {t('feedback.recommendation')}
            </label>
            <textarea
              id={ids.recommendation}
              className="field__control field__control--textarea"
              rows={3}
              maxLength={FEEDBACK_TEXT_MAX}
              value={values.recommendation}
              onChange={(e) => setValues((v) => ({ ...v, recommendation: e.target.value }))}
            />
          </div>
        </form>
      </Modal>

      <Modal
        open={step === 'thanks'}
        onClose={() => setStep('closed')}
        title={t('feedback.thanksTitle')}
        footer={
          <button
            type="button"
            className="button button--primary"
            onClick={() => setStep('closed')}
            data-autofocus
          >
            {t('common.close')}
          </button>
        }
      >
        <p className="form-message form-message--success" role="status">
          {t('feedback.success')}
        </p>
        <p>{t('feedback.thanksText')}</p>
      </Modal>
    </>
  );
}
