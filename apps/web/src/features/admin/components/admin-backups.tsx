import type { BackupRun, BackupStatus } from '@studybuddy/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-date';
import './admin.css';

/** "1.2 MB", "340 KB" in the reader's language: a backup is rarely under a kilobyte. */
function formatSize(bytes: number, language: string): string {
  const mb = bytes / 1_048_576;
  const [value, unit] = mb >= 1 ? [mb, 'megabyte'] : [bytes / 1024, 'kilobyte'];
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}

/**
 * The scheduled backups (BACKUP_SCHEDULE): the schedule and the next run, the newest backup
 * that passed its check (when, file, size, check, instance), and a warning when the newest run
 * failed, saying when and why. Without a schedule: that backups are taken by hand only.
 */
export function AdminBackups({ backups }: { backups: BackupStatus }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  const { last, lastGood } = backups;
  const failed: BackupRun | null = last?.status === 'failed' ? last : null;
  const busy = last?.status === 'pending' || last?.status === 'running';
  return (
    <section className="card admin-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="form__section-title admin-section__title">
        {t('admin.backups.title')}
      </h2>
      {backups.schedule === null ? (
        <p className="status-text">{t('admin.backups.off')}</p>
      ) : (
        <>
          {failed ? (
            <p className="admin-backups__warning">
              {t('admin.backups.failed', {
                when: when(failed.finishedAt ?? failed.scheduledFor),
                error: failed.error ?? '',
              })}
            </p>
          ) : null}
          {busy ? <p className="status-text">{t('admin.backups.running')}</p> : null}
          <dl className="admin-backups">
            <div>
              <dt>{t('admin.backups.schedule')}</dt>
              <dd>
                <code>{backups.schedule}</code>
                {' · '}
                {t('admin.backups.keep', { count: backups.keep })}
              </dd>
            </div>
            <div>
              <dt>{t('admin.backups.next')}</dt>
              <dd>
                {backups.nextAt ? (
                  <time dateTime={backups.nextAt}>{when(backups.nextAt)}</time>
                ) : (
                  '—'
                )}
              </dd>
            </div>
            <div>
              <dt>{t('admin.backups.last')}</dt>
              <dd>
                {lastGood?.finishedAt ? (
                  <time dateTime={lastGood.finishedAt}>{when(lastGood.finishedAt)}</time>
                ) : (
                  t('admin.backups.none')
                )}
              </dd>
            </div>
            {lastGood ? (
              <>
                <div>
                  <dt>{t('admin.backups.file')}</dt>
                  <dd>
                    <code>{lastGood.file}</code>
                    {lastGood.host
                      ? ` (${t('admin.backups.host', { host: lastGood.host })})`
                      : null}
                  </dd>
                </div>
                <div>
                  <dt>{t('admin.backups.size')}</dt>
                  <dd>
                    {lastGood.bytes === null ? '—' : formatSize(lastGood.bytes, i18n.language)}
                  </dd>
                </div>
                <div>
                  <dt>{t('admin.backups.check')}</dt>
                  <dd>{lastGood.check === 'ok' ? t('admin.backups.checkOk') : lastGood.check}</dd>
                </div>
              </>
            ) : null}
          </dl>
        </>
      )}
    </section>
  );
}
