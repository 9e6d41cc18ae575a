import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PlanList } from '@/features/plans/components/plan-list';
import { ProgressChart } from '@/features/progress/components/progress-chart';
import { UpcomingSessions } from '@/features/study-sessions/components/upcoming-sessions';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/hooks/use-session';
import { useRefreshStudyData } from '../hooks/use-refresh-study-data';

export default function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const refresh = useRefreshStudyData();
  useDocumentTitle(t('dashboard.title'));
  return (
    <div className="page">
      <div className="page__header">
        <div>
          <h1 className="page__title">{t('dashboard.title')}</h1>
          {user ? (
            <p className="page__subtitle">{t('dashboard.greeting', { name: user.name })}</p>
          ) : null}
        </div>
        <div className="actions">
          <Link to={paths.studyPlanCreate} className="button button--secondary">
            {t('plans.listPage.create')}
          </Link>
          <Link to={paths.smartSchedulerSetup} className="button button--primary">
            {t('dashboard.smartScheduler')}
          </Link>
        </div>
      </div>
      <PlanList onDeleted={(id) => void refresh(id)} />
      <section className="stack" aria-labelledby="upcoming-title">
        <h2 id="upcoming-title" className="section-title">
          {t('sessions.upcoming.title')}
        </h2>
        <UpcomingSessions />
      </section>
      <section className="stack" aria-labelledby="progress-title">
        <h2 id="progress-title" className="section-title">
          {t('progress.title')}
        </h2>
        <ProgressChart />
      </section>
    </div>
  );
}
