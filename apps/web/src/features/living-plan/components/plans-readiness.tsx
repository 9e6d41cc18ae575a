import type { StudySession } from '@studybuddy/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { plansToReplan } from '../utils/sessions';
import { PlanReadiness } from './readiness-list';
import { ReplanPanel } from './replan-panel';
import './living-plan.css';

export interface PlansReadinessProps {
  /** The accepted plans, by id and name. */
  plans: readonly { id: number; name: string }[];
  sessions: readonly StudySession[];
  /** After a re-plan: the page refreshes the sessions. */
  onReplanned?: () => void;
  now?: Date;
}

/**
 * "Will you be ready?": per accepted plan, its readiness per subject and, when past sessions
 * were missed, done in part or not checked in, the Re-plan button.
 */
export function PlansReadiness({
  plans,
  sessions,
  onReplanned,
  now = new Date(),
}: PlansReadinessProps) {
  const { t } = useTranslation();
  const titleId = useId();
  if (plans.length === 0) return null;
  const replan = new Set(plansToReplan(sessions, new Set(plans.map((p) => p.id)), now));
  return (
    <section className="stack" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {t('livingPlan.readiness.title')}
      </h2>
      {plans.map((plan) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          canReplan={replan.has(plan.id)}
          onReplanned={onReplanned}
        />
      ))}
    </section>
  );
}

function PlanCard({
  plan,
  canReplan,
  onReplanned,
}: {
  plan: { id: number; name: string };
  canReplan: boolean;
  onReplanned: (() => void) | undefined;
}) {
  const headingId = useId();
  return (
    <section className="card living-plan-card" aria-labelledby={headingId}>
      <h3 id={headingId} className="living-plan-card__title">
        {plan.name}
      </h3>
      {canReplan ? (
        <ReplanPanel planId={plan.id} planHeadingId={headingId} onReplanned={onReplanned} />
      ) : null}
      <PlanReadiness planId={plan.id} planName={plan.name} />
    </section>
  );
}
