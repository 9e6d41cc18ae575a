import type { ClassStanding } from '@studybuddy/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format-date';
import { useClassStanding } from '../api/get-class-standing';
import './classes.css';

const STATUS_KEYS = {
  'on-track': 'classes.standing.onTrack',
  'at-risk': 'classes.standing.atRisk',
  behind: 'classes.standing.behind',
} as const;

/**
 * How the class stands, for its teacher (docs/classes.md, The teacher's view): per exam how many
 * members are on track, at risk or behind, per topic the share who studied it (from the
 * server's minimum group size up), and by name only the members who chose to share.
 */
export function ClassStandingSection({ classId }: { classId: number }) {
  const { t } = useTranslation();
  const titleId = useId();
  const standing = useClassStanding(classId);
  return (
    <section className="card class-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="form__section-title class-section__title">
        {t('classes.standing.title')}
      </h2>
      {standing.isPending ? (
        <p className="status-text" role="status">
          {t('common.loading')}
        </p>
      ) : standing.isError ? (
        <p className="form-message form-message--error" role="alert">
          {t('classes.standing.loadFailed')}
        </p>
      ) : (
        <StandingFigures standing={standing.data} />
      )}
    </section>
  );
}

function StandingFigures({ standing }: { standing: ClassStanding }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <p>{t('classes.list.members', { count: standing.members })}</p>
      {standing.shown ? (
        <>
          <h3 className="class-standing__heading">{t('classes.standing.exams')}</h3>
          <ul className="class-standing">
            {standing.exams.map((e) => (
              <li key={e.id} className="class-standing__row">
                <span className="class-standing__name">
                  {e.name} · <time dateTime={e.date}>{formatDate(e.date, i18n.language)}</time>
                </span>
                <span>
                  {t('classes.standing.counts', {
                    onTrack: e.onTrack,
                    atRisk: e.atRisk,
                    behind: e.behind,
                  })}
                  {e.unknown > 0 ? ` ${t('classes.standing.unknown', { count: e.unknown })}` : ''}
                </span>
              </li>
            ))}
          </ul>
          <h3 className="class-standing__heading">{t('classes.standing.topics')}</h3>
          <ul className="class-standing">
            {standing.topics.map((topic) => (
              <li key={topic.id} className="class-standing__row">
                <span className="class-standing__name">{topic.name}</span>
                <span>
                  {t('classes.standing.covered', { percent: Math.round(topic.covered * 100) })}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="status-text">{t('classes.standing.tooFew', { count: standing.minGroup })}</p>
      )}
      <h3 className="class-standing__heading">{t('classes.standing.shared')}</h3>
      {standing.shared.length === 0 ? (
        <p className="status-text">{t('classes.standing.noneShared')}</p>
      ) : (
        <ul className="class-standing">
          {standing.shared.map((s) => (
            <li key={s.name} className="class-standing__row">
              <span className="class-standing__name">{s.name}</span>
              <span>
                {s.exams
                  .map((e) => (e.status ? t(STATUS_KEYS[e.status]) : t('classes.standing.gone')))
                  .join(' · ')}
                {' · '}
                {t('classes.standing.topicsCovered', {
                  count: s.topicsCovered,
                  total: s.topicsTotal,
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
