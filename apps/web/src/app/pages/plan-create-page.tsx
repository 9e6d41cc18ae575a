import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { PlanForm } from '@/features/plans/components/plan-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /study-plan/create: a real create; the new plan's detail opens next. */
export default function PlanCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('plans.form.createTitle'));
  return (
    <div className="page page--narrow">
      <h1 className="page__title">{t('plans.form.createTitle')}</h1>
      <section className="card">
        <PlanForm onSaved={(plan) => navigate(paths.studyPlanDetail(plan.id))} />
      </section>
    </div>
  );
}
