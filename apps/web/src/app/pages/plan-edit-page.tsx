import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { usePlan } from '@/features/plans/api/get-plan';
import { PlanForm } from '@/features/plans/components/plan-form';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { toId } from '../hooks/use-redirect-after';

/** /study-plan/edit/{id}: loads the plan (not sample values) and saves it for real. */
export default function PlanEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const planId = toId(useParams().id);
  const plan = usePlan(planId);
  useDocumentTitle(t('plans.form.editTitle'));
  const failed = Number.isNaN(planId) || plan.isError;
  return (
    <div className="page page--narrow">
      <h1 className="page__title">{t('plans.form.editTitle')}</h1>
      <section className="card">
        {failed ? (
          <p className="form-message form-message--error" role="alert">
            {t('plans.form.notFound')}
          </p>
        ) : plan.isPending ? (
          <p className="status-text" role="status">
            {t('common.loading')}
          </p>
        ) : (
          <PlanForm
            key={plan.data.id}
            plan={plan.data}
            onSaved={(saved) => navigate(paths.studyPlanDetail(saved.id))}
          />
        )}
      </section>
    </div>
  );
}
