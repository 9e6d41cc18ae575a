import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PlanList } from '@/features/plans/components/plan-list';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useForgetDeletedPlan } from '../hooks/use-forget-deleted-plan';

/** /study-plan and /study-plan/list: the student's plans. */
export default function StudyPlanListPage() {
  const { t } = useTranslation();
  const forgetPlan = useForgetDeletedPlan();
  useDocumentTitle(t('plans.listPage.title'));
  return (
    <div className="page">
      <div className="page__header">
        <h1 className="page__title">{t('plans.listPage.title')}</h1>
        <div className="actions">
          <Link to={paths.studyPlanCreate} className="button button--primary">
            {t('plans.listPage.create')}
          </Link>
          <Link to={paths.smartSchedulerSetup} className="button button--secondary">
            {t('dashboard.smartScheduler')}
          </Link>
          <Link to={paths.cardImport} className="button button--secondary">
            {t('imports.open')}
          </Link>
          {/* Classes live beside the plans they feed: the navbar keeps its six links. */}
          <Link to={paths.classes} className="button button--secondary">
            {t('nav.classes')}
          </Link>
        </div>
      </div>
      <PlanList onDeleted={forgetPlan} />
    </div>
  );
}
