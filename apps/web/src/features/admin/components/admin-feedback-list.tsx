import type { AdminOverview } from '@studybuddy/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format-date';
import './admin.css';

type FeedbackItem = AdminOverview['feedback'][number];

/** App feedback, newest first: the rating, both texts (when written), the page and the day. */
export function AdminFeedbackList({ feedback }: { feedback: FeedbackItem[] }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const newestFirst = [...feedback].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <section className="card admin-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="form__section-title admin-section__title">
        {t('admin.feedback.title')}
      </h2>
      {newestFirst.length === 0 ? (
        <p className="status-text">{t('admin.feedback.empty')}</p>
      ) : (
        <ol className="admin-feedback">
          {newestFirst.map((item) => (
            <li key={item.id} className="admin-feedback__item">
              <p className="admin-feedback__meta">
                <span className="admin-feedback__rating">
                  {t('admin.feedback.rating', { rating: item.rating })}
                </span>
                <time dateTime={item.createdAt}>{formatDate(item.createdAt, i18n.language)}</time>
              </p>
              <dl className="admin-feedback__details">
                {item.pleased ? (
                  <div>
                    <dt>{t('admin.feedback.pleased')}</dt>
                    <dd>{item.pleased}</dd>
                  </div>
                ) : null}
                {item.recommendation ? (
                  <div>
                    <dt>{t('admin.feedback.recommendation')}</dt>
                    <dd>{item.recommendation}</dd>
                  </div>
                ) : null}
                <div>
                  <dt>{t('admin.feedback.page')}</dt>
                  <dd>
                    {item.page ? (
                      <code className="admin-feedback__page">{item.page}</code>
                    ) : (
                      t('admin.feedback.noPage')
                    )}
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
