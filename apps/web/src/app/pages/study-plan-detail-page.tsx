import type { Topic } from '@studybuddy/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { DownloadPlanIcsButton } from '@/features/calendar-feed/components/download-plan-ics-button';
import { PlanReadiness } from '@/features/living-plan/components/readiness-list';
import { usePlan } from '@/features/plans/api/get-plan';
import { ProgressChart } from '@/features/progress/components/progress-chart';
import { AddSubjectForm } from '@/features/subjects/components/add-subject-form';
import { SubjectCards } from '@/features/subjects/components/subject-cards';
import { TopicDialog } from '@/features/topics/components/topic-dialog';
import { TopicsDialog } from '@/features/topics/components/topics-dialog';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatLongDate } from '@/lib/format-date';
import { toId } from '../hooks/use-redirect-after';
import { useRefreshStudyData } from '../hooks/use-refresh-study-data';
import './study-pages.css';

/** /study-plan/detail/{id}: the plan's subjects (docs/product.md), loading/error/loaded. */
export default function StudyPlanDetailPage() {
  const { t, i18n } = useTranslation();
  const planId = toId(useParams().id);
  const plan = usePlan(planId);
  const refresh = useRefreshStudyData();
  const [topicsOf, setTopicsOf] = useState<number | null>(null);
  const [topic, setTopic] = useState<Topic | null>(null);
  useDocumentTitle(plan.data ? `${t('subjects.title')}: ${plan.data.name}` : t('subjects.title'));

  const failed = Number.isNaN(planId) || plan.isError;
  const subjects = plan.data?.subjectDetails ?? [];
  const dialogSubject = subjects.find((s) => s.id === topicsOf) ?? null;

  return (
    <div className="page">
      <div className="page__header">
        <div>
          <h1 className="page__title">{t('subjects.title')}</h1>
          {plan.data ? <p className="page__subtitle">{plan.data.name}</p> : null}
        </div>
        <div className="actions">
          {plan.data ? (
            <>
              <Link to={paths.studyPlanEdit(planId)} className="button button--secondary">
                {t('plans.detail.edit')}
              </Link>
              <DownloadPlanIcsButton planId={planId} planName={plan.data.name} />
            </>
          ) : null}
          <Link to={paths.studyPlanList} className="button button--ghost">
            {t('plans.detail.backToList')}
          </Link>
        </div>
      </div>

      {failed ? (
        <p className="form-message form-message--error" role="alert">
          {t('subjects.loadFailed')}
        </p>
      ) : plan.isPending ? (
        <p className="status-text" role="status">
          {t('subjects.loading')}
        </p>
      ) : (
        <>
          {plan.data.description || plan.data.deadline ? (
            <section className="card plan-summary" aria-label={t('plans.detail.about')}>
              {plan.data.deadline ? (
                <p>
                  <strong>{t('plans.form.deadline')}:</strong>{' '}
                  <time dateTime={plan.data.deadline}>
                    {formatLongDate(plan.data.deadline, i18n.language)}
                  </time>
                </p>
              ) : null}
              {plan.data.description ? (
                <p className="plan-summary__description">{plan.data.description}</p>
              ) : null}
            </section>
          ) : null}
          {subjects.length === 0 ? (
            <p className="empty-state">{t('subjects.empty')}</p>
          ) : (
            <SubjectCards
              planId={planId}
              subjects={subjects}
              onShowTopics={(s) => setTopicsOf(s.id)}
              onDeleted={() => void refresh(planId)}
            />
          )}
          {plan.data.status === 'active' ? (
            <section className="stack" aria-labelledby="plan-readiness-title">
              <h2 id="plan-readiness-title" className="section-title">
                {t('livingPlan.readiness.title')}
              </h2>
              <div className="card">
                <PlanReadiness planId={planId} planName={plan.data.name} />
              </div>
            </section>
          ) : null}
          <section className="card">
            <AddSubjectForm planId={planId} onAdded={() => void refresh(planId)} />
          </section>
          <section className="stack" aria-labelledby="plan-progress-title">
            <h2 id="plan-progress-title" className="section-title">
              {t('progress.title')}
            </h2>
            <ProgressChart planId={planId} />
          </section>
        </>
      )}

      <TopicsDialog
        subjectName={dialogSubject?.subjectName ?? null}
        topics={dialogSubject?.topics ?? []}
        onClose={() => setTopicsOf(null)}
        onViewDetails={setTopic}
      />
      <TopicDialog topic={topic} onClose={() => setTopic(null)} />
    </div>
  );
}
