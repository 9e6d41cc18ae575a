import { zodResolver } from '@hookform/resolvers/zod';
import {
  type LessonReviewInput,
  lessonReviewInputSchema,
  REVIEW_COMMENT_MAX,
} from '@studybuddy/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormMessage, SelectField, TextAreaField } from '@/components/form-field';
import { NeedsConnection } from '@/components/needs-connection';
import { shownError } from '@/lib/form-errors';
import { useCreateReview } from '../api/create-review';

const RATINGS = [5, 4, 3, 2, 1] as const;
const DEFAULT_VALUES: LessonReviewInput = { rating: 5, comment: '' };

export interface ReviewFormProps {
  lessonId: number;
}

/**
 * The lesson review form (docs/product.md, Validation): rating 1 to 5 (default 5) and a
 * required comment of at most 500 characters; submit is disabled while invalid or sending;
 * success resets the form and reloads the list.
 */
export function ReviewForm({ lessonId }: ReviewFormProps) {
  const { t } = useTranslation();
  const create = useCreateReview();
  const [outcome, setOutcome] = useState<'success' | 'error' | null>(null);
  const { register, handleSubmit, reset, watch, formState } = useForm<
    LessonReviewInput,
    unknown,
    z.output<typeof lessonReviewInputSchema>
  >({
    resolver: zodResolver(lessonReviewInputSchema),
    mode: 'all',
    defaultValues: DEFAULT_VALUES,
  });
  const length = watch('comment')?.length ?? 0;

  const onSubmit = handleSubmit(async (input) => {
    setOutcome(null);
    try {
      await create.mutateAsync({ lessonId, input });
      reset(DEFAULT_VALUES);
      setOutcome('success');
    } catch {
      setOutcome('error');
    }
  });

  const busy = formState.isSubmitting || create.isPending;
  return (
    <NeedsConnection keep>
      <form className="form" noValidate onSubmit={onSubmit} aria-labelledby="review-form-title">
        <h3 id="review-form-title" className="lesson-side__title">
          {t('reviews.form.title')}
        </h3>
        <FormMessage tone="success">
          {outcome === 'success' ? t('reviews.form.success') : null}
        </FormMessage>
        <FormMessage tone="error">
          {outcome === 'error' ? t('reviews.form.failed') : null}
        </FormMessage>
        <SelectField
          label={t('reviews.form.rating')}
          required
          error={shownError(formState, 'rating', t)}
          {...register('rating', { valueAsNumber: true })}
        >
          {RATINGS.map((n) => (
            <option key={n} value={n}>
              {t(`reviews.form.ratingLabels.r${n}`)}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={t('reviews.form.comment')}
          required
          rows={4}
          maxLength={REVIEW_COMMENT_MAX}
          hint={t('reviews.form.commentHint', { count: length, max: REVIEW_COMMENT_MAX })}
          error={shownError(formState, 'comment', t)}
          {...register('comment')}
        />
        <button
          type="submit"
          className="button button--primary"
          disabled={!formState.isValid || busy}
        >
          {busy ? t('reviews.form.submitting') : t('reviews.form.submit')}
        </button>
      </form>
    </NeedsConnection>
  );
}
