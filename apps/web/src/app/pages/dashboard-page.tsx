import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PendingClassJoin } from '@/features/classes/components/pending-class-join';
import { PlansReadiness } from '@/features/living-plan/components/plans-readiness';
import { RecentSessions } from '@/features/living-plan/components/recent-sessions';
import { UpcomingExams } from '@/features/living-plan/components/upcoming-exams';
import { YesterdayCard } from '@/features/living-plan/components/yesterday-card';
import { usePlans } from '@/features/plans/api/get-plans';
import { PlanList } from '@/features/plans/components/plan-list';
import { ProgressChart } from '@/features/progress/components/progress-chart';
import { useSessions } from '@/features/study-sessions/api/get-sessions';
import { UpcomingSessions } from '@/features/study-sessions/components/upcoming-sessions';
import { TodaySection } from '@/features/today/components/today-section';
import { greetingKey } from '@/features/today/utils/today';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/hooks/use-session';
import { subjectColour } from '@/lib/subject-colours';
import { useForgetDeletedPlan } from '../hooks/use-forget-deleted-plan';
import { useRefreshLivingPlan } from '../hooks/use-refresh-living-plan';

export default function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const forgetPlan = useForgetDeletedPlan();
  const refreshLiving = useRefreshLivingPlan();
  const plans = usePlans();
  const sessions = useSessions();
  const activePlans = useMemo(
    () =>
      (plans.data ?? [])
        .filter((p) => p.status === 'active')
        .map((p) => ({ id: p.id, name: p.name })),
    [plans.data],
  );
  const activePlanIds = useMemo(() => new Set(activePlans.map((p) => p.id)), [activePlans]);
  const greeting = greetingKey(plans);
  // The sections appear together once the plans and sessions are in: one at a time, each would
  // push the ones below it down the screen as it came (a layout shift a student sees).
  const loading = plans.isPending || sessions.isPending;
  // The sections' first render is the page's biggest piece of work (200 to 350 ms in one task on
  // a throttled phone, when the data arrives). Deferred, React renders them as a transition and
  // gives the browser its turn between components, so taps and scrolling are never held up.
  const showSections = useDeferredValue(!loading, false);
  const sessionList = sessions.data ?? [];
  useDocumentTitle(t('dashboard.title'));
  return (
    <div className="page">
      <div className="page__header">
        <div>
          <h1 className="page__title">{t('dashboard.title')}</h1>
          {/* The line is kept while the plans load, so the greeting does not push the page down. */}
          <p className="page__subtitle">
            {user && greeting ? t(greeting, { name: user.name }) : '\u00a0'}
          </p>
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
      <PendingClassJoin />
      {!showSections ? (
        <p className="status-text">{t('common.loading')}</p>
      ) : (
        <>
          <TodaySection sessions={sessionList} activePlanIds={activePlanIds} />
          <YesterdayCard
            sessions={sessionList}
            activePlanIds={activePlanIds}
            onCheckedIn={refreshLiving}
          />
          <PlanList onDeleted={forgetPlan} />
          <UpcomingExams plans={plans.data ?? []} colourOf={subjectColour} />
          <PlansReadiness plans={activePlans} sessions={sessionList} onReplanned={refreshLiving} />
          <RecentSessions
            sessions={sessionList}
            activePlanIds={activePlanIds}
            onCheckedIn={refreshLiving}
          />
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
        </>
      )}
    </div>
  );
}
