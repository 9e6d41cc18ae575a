import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OctopusMascot } from '@/components/octopus-mascot';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-message';
import { formatDate } from '@/lib/format-date';
import { useDeletePlan } from '../api/delete-plan';
import { usePlans } from '../api/get-plans';
import './plan-list.css';

export interface PlanListProps {
  /** Called after a plan was deleted, so the screen can refresh what depended on it. */
  onDeleted?: (planId: number) => void;
}

/**
 * The student's plans, each with a link to its detail screen and a delete action, or the
 * empty state. A draft (a smart-scheduler proposal not yet accepted) carries a Draft badge and
 * links to its review instead. Delete asks with the browser's confirm and reports with its alert, with the
 * texts of docs/product.md, Behaviour (both are keyboard and reader friendly).
 */
export function PlanList({ onDeleted }: PlanListProps) {
  const { t, i18n } = useTranslation();
  const plans = usePlans();
  const remove = useDeletePlan();

  function onDelete(planId: number) {
    if (!window.confirm(t('plans.delete.confirm'))) return;
    remove.mutate(planId, {
      onSuccess: () => {
        window.alert(t('plans.delete.success'));
        onDeleted?.(planId);
      },
      onError: (error) => {
        const fromServer = isApiError(error) && error.status > 0 && error.message;
        window.alert(fromServer ? errorMessage(error, t, i18n.language) : t('plans.delete.failed'));
      },
    });
  }

  if (plans.isPending) return null;
  const items = plans.data ?? [];
  if (items.length === 0) {
    return (
      <div className="plan-list__empty">
        <OctopusMascot className="plan-list__empty-mascot" />
        <p className="plan-list__empty-title">{t('plans.list.empty')}</p>
        <p className="plan-list__empty-hint">{t('plans.list.emptyHint')}</p>
      </div>
    );
  }
  return (
    <ul className="plan-list">
      {items.map((plan) => {
        const headingId = `plan-${plan.id}-name`;
        // A smart-scheduler proposal not yet accepted: shown, marked, and sent to its review.
        const isDraft = plan.status === 'draft';
        return (
          <li key={plan.id} className={`plan-card${isDraft ? ' plan-card--draft' : ''}`}>
            <h2 id={headingId} className="plan-card__name">
              {plan.name}
              {isDraft ? (
                <span className="badge badge--draft plan-card__badge">{t('plans.list.draft')}</span>
              ) : null}
            </h2>
            <p className="plan-card__meta">
              {t('plans.list.subjects', { count: plan.subjectDetails.length })}
              {plan.deadline
                ? ` · ${t('plans.list.deadline', { date: formatDate(plan.deadline, i18n.language) })}`
                : ''}
            </p>
            {plan.description ? <p className="plan-card__description">{plan.description}</p> : null}
            <div className="plan-card__actions">
              {isDraft ? (
                <Link
                  className="button button--primary"
                  to={paths.smartSchedulerReview(plan.id)}
                  aria-describedby={headingId}
                >
                  {t('plans.list.review')}
                </Link>
              ) : (
                <>
                  <Link
                    className="button button--secondary"
                    to={paths.studyPlanDetail(plan.id)}
                    aria-describedby={headingId}
                  >
                    {t('plans.list.view')}
                  </Link>
                  <Link
                    className="button button--ghost"
                    to={paths.studyPlanEdit(plan.id)}
                    aria-describedby={headingId}
                  >
                    {t('plans.list.edit')}
                  </Link>
                </>
              )}
              <button
                type="button"
                className="button button--ghost plan-card__delete"
                aria-describedby={headingId}
                disabled={remove.isPending && remove.variables === plan.id}
                onClick={() => onDelete(plan.id)}
              >
                {t('plans.list.delete')}
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
