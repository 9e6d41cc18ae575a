import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { usePlans } from '@/features/plans/api/get-plans';
import { useSessions } from '@/features/study-sessions/api/get-sessions';
import { SessionForm } from '@/features/study-sessions/components/session-form';
import { parseDateParam, toDateParam } from '@/features/study-sessions/utils/week';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { toId } from '../hooks/use-redirect-after';
import { useRefreshStudyData } from '../hooks/use-refresh-study-data';

/**
 * /scheduled-session and /session/create: add mode (?date=YYYY-MM-DD preselects that day from
 * 17:00, or from ?time=HH:MM, for an hour; ?plan= or a single plan preselects the plan) or edit
 * mode (?id={sessionId}). Saving or deleting returns to the calendar at the
 * session's week.
 */
export default function SessionFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const refresh = useRefreshStudyData();
  const editId = search.has('id') ? toId(search.get('id')) : undefined;
  const day = parseDateParam(search.get('date'));
  const quick = {
    time: search.get('time'),
    planId: search.has('plan') ? toId(search.get('plan')) : undefined,
  };
  const plans = usePlans();
  const sessions = useSessions();
  const editing = editId !== undefined;
  const session = editing ? sessions.data?.find((s) => s.id === editId) : undefined;
  const title = editing ? t('sessions.form.editTitle') : t('sessions.form.createTitle');
  useDocumentTitle(title);

  const weekOf = (iso: string | undefined) =>
    paths.calendarWeek(iso ? toDateParam(new Date(iso)) : day ? toDateParam(day) : undefined);
  const loading = plans.isPending || (editing && sessions.isPending);
  const missing = editing && !loading && !session;

  return (
    <div className="page page--narrow">
      <h1 className="page__title">{title}</h1>
      <section className="card">
        {loading ? (
          <p className="status-text" role="status">
            {t('common.loading')}
          </p>
        ) : missing ? (
          <p className="form-message form-message--error" role="alert">
            {t('sessions.form.notFound')}
          </p>
        ) : (
          <SessionForm
            key={session?.id ?? 'new'}
            plans={(plans.data ?? []).filter((p) => p.status !== 'draft')}
            session={session}
            day={day}
            quick={quick}
            onSaved={(saved) => {
              void refresh();
              navigate(weekOf(saved.startTime));
            }}
            onDeleted={() => {
              void refresh();
              navigate(weekOf(session?.startTime));
            }}
            onCancel={() => navigate(weekOf(session?.startTime))}
          />
        )}
      </section>
    </div>
  );
}
