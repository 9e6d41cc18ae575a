import type { AdminOverview } from '@studybuddy/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-date';
import './admin.css';

type AdminAction = AdminOverview['actions'][number];

/** The admin log, newest first: who did what to whom, and when. */
export function AdminLog({ actions }: { actions: AdminAction[] }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  return (
    <section className="card admin-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="form__section-title admin-section__title">
        {t('admin.log.title')}
      </h2>
      {actions.length === 0 ? (
        <p className="status-text">{t('admin.log.empty')}</p>
      ) : (
        <table className="admin-table" aria-labelledby={titleId}>
          <thead>
            <tr>
              <th scope="col">{t('admin.log.who')}</th>
              <th scope="col">{t('admin.log.what')}</th>
              <th scope="col">{t('admin.log.target')}</th>
              <th scope="col">{t('admin.log.when')}</th>
            </tr>
          </thead>
          <tbody>
            {actions.map((action, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the log has no id; a new answer replaces every row
              <tr key={index}>
                <td>{action.adminEmail}</td>
                <td>{t(`admin.log.actions.${action.action}`, { defaultValue: action.action })}</td>
                <td>{action.target ?? '—'}</td>
                <td>
                  <time dateTime={action.createdAt}>
                    {formatDateTime(action.createdAt, i18n.language)}
                  </time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
