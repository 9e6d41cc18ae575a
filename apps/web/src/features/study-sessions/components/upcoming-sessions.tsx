import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatTime, formatWeekdayDate } from '@/lib/format-date';
import { useSessions } from '../api/get-sessions';
import { upcomingSessions } from '../utils/week';
import './study-sessions.css';

/** The dashboard's sessions of the next seven days (docs/product.md, Product decisions). */
export function UpcomingSessions() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const sessions = useSessions();
  if (sessions.isPending) return <p className="status-text">{t('common.loading')}</p>;
  const items = upcomingSessions(sessions.data ?? [], new Date());
  if (items.length === 0) {
    return (
      <div className="upcoming__empty">
        <p className="status-text">{t('sessions.upcoming.empty')}</p>
        <Link to={paths.calendar} className="button button--secondary button--small">
          {t('sessions.upcoming.openCalendar')}
        </Link>
      </div>
    );
  }
  return (
    <ul className="upcoming">
      {items.map((s) => (
        <li key={s.id} className="upcoming__item">
          <p className="upcoming__when">
            <time dateTime={s.startTime}>{formatWeekdayDate(s.startTime, language)}</time>
            {' · '}
            {formatTime(s.startTime, language)}–{formatTime(s.endTime, language)}
          </p>
          <p className="upcoming__what">
            <span className="upcoming__subject">{s.subjectName}</span>
            {s.topicName ? ` · ${s.topicName}` : ''}
          </p>
          {s.topicId !== null ? (
            <Link to={paths.topicById(s.topicId)} className="upcoming__link">
              {t('sessions.upcoming.openTopic', { name: s.topicName ?? s.title })}
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
