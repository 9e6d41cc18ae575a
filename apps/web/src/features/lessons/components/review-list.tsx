import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format-date';
import './lessons.css';
import { useReviews } from '../api/get-reviews';

export interface ReviewListProps {
  lessonId: number;
}

/** The reviews of a lesson with the texts of docs/product.md, Screens and Errors. */
export function ReviewList({ lessonId }: ReviewListProps) {
  const { t, i18n } = useTranslation();
  const reviews = useReviews(lessonId);
  if (reviews.isPending) return <p className="status-text">{t('reviews.list.loading')}</p>;
  if (reviews.isError)
    return (
      <p className="form-message form-message--error" role="alert">
        {t('reviews.list.failed')}
      </p>
    );
  if (reviews.data.length === 0) return <p className="status-text">{t('reviews.list.empty')}</p>;
  return (
    <ul className="review-list">
      {reviews.data.map((review) => (
        <li key={review.id} className="review">
          <p className="review__rating">
            <span aria-hidden="true" className="review__stars">
              {'★'.repeat(review.rating)}
              {'☆'.repeat(5 - review.rating)}
            </span>{' '}
            <span>{t('reviews.list.rating', { rating: review.rating })}</span>
          </p>
          <p className="review__comment">{review.comment}</p>
          <p className="review__meta">
            {t('reviews.list.byUser', { id: review.userId })}
            {' · '}
            <time dateTime={review.createdAt}>{formatDate(review.createdAt, i18n.language)}</time>
          </p>
        </li>
      ))}
    </ul>
  );
}
