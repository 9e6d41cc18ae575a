import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useSessions } from '@/features/study-sessions/api/get-sessions';
import { WeekCalendar } from '@/features/study-sessions/components/week-calendar';
import {
  initialWeekStart,
  parseDateParam,
  toDateParam,
  weekStartOf,
} from '@/features/study-sessions/utils/week';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * /calendar: the week of ?week=YYYY-MM-DD, else the week of the earliest session, else this
 * week (docs/product.md, Screens). The week shown is kept in the address, so back and reload
 * keep it.
 */
export default function CalendarPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const sessions = useSessions();
  useDocumentTitle(t('calendar.title'));
  const requested = parseDateParam(search.get('week'));
  const weekStart = requested
    ? weekStartOf(requested)
    : sessions.isPending
      ? null
      : initialWeekStart(sessions.data ?? [], new Date());

  return (
    <div className="page">
      <div className="page__header">
        <h1 className="page__title">{t('calendar.title')}</h1>
        <Link to={paths.scheduledSession()} className="button button--primary">
          {t('calendar.newSession')}
        </Link>
      </div>
      {weekStart ? (
        <WeekCalendar
          sessions={sessions.data ?? []}
          weekStart={weekStart}
          onWeekChange={(week) => setSearch({ week: toDateParam(week) }, { replace: true })}
        />
      ) : (
        <p className="status-text" role="status">
          {t('common.loading')}
        </p>
      )}
    </div>
  );
}
