import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { ExportCardsButton } from '@/features/exports/components/export-cards-button';
import { usePlan } from '@/features/plans/api/get-plan';
import { useSubject } from '@/features/subjects/api/get-subject';
import { SubjectSchedule } from '@/features/subjects/components/subject-schedule';
import { useTopicsBySubject } from '@/features/topics/api/get-topics-by-subject';
import { AddTopicForm } from '@/features/topics/components/add-topic-form';
import { TopicList } from '@/features/topics/components/topic-list';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { toId, useRedirectAfter } from '../hooks/use-redirect-after';
import { useRefreshStudyData } from '../hooks/use-refresh-study-data';
import './study-pages.css';

/**
 * The subject screen, /study-plan/subject/{planId}/{subjectName} and
 * /subject-detail/{planId}/{subjectName} (docs/product.md, Screens; one screen for both): header
 * with the topic count, topics with completion, 'View Lesson' and 'View Details', the exam day
 * and priority with a form to change them, adding a topic, and 'Subject not found.' followed by
 * a redirect to /study-plan.
 */
export default function SubjectPage() {
  const { t } = useTranslation();
  const params = useParams();
  const planId = toId(params.studyPlanId);
  const subjectName = params.subjectName ?? '';
  const plan = usePlan(planId);
  const refresh = useRefreshStudyData();
  const subject = plan.data?.subjectDetails.find((s) => s.subjectName === subjectName);
  const topics = useTopicsBySubject(subject?.id);
  const details = useSubject(subject?.id);
  const notFound =
    Number.isNaN(planId) || plan.isError || (plan.isSuccess && !plan.isFetching && !subject);
  useRedirectAfter(notFound, paths.studyPlans);
  useDocumentTitle(subjectName);

  const backTo = Number.isNaN(planId) ? paths.studyPlans : paths.studyPlanDetail(planId);
  const list = topics.data ?? subject?.topics ?? [];

  return (
    <div className="page">
      <div className="page__header">
        <div>
          <h1 className="page__title page__title--wrap">{subjectName}</h1>
          {subject ? (
            <p className="page__count">{t('topics.list.count', { count: list.length })}</p>
          ) : null}
        </div>
        <div className="actions">
          {subject ? (
            <>
              <ExportCardsButton subjectId={subject.id} subjectName={subject.subjectName} />
              <ExportCardsButton
                subjectId={subject.id}
                subjectName={subject.subjectName}
                format="anki"
              />
            </>
          ) : null}
          <Link to={backTo} className="button button--ghost">
            {t('topics.list.backToPlan')}
          </Link>
        </div>
      </div>
      {notFound ? (
        <p className="form-message form-message--error" role="alert">
          {t('subjects.notFound')}
        </p>
      ) : !subject ? (
        <p className="status-text" role="status">
          {t('topics.list.loading')}
        </p>
      ) : (
        <div className="two-column">
          <section className="stack" aria-labelledby="topics-title">
            <h2 id="topics-title" className="section-title">
              {t('topics.list.title')}
            </h2>
            {topics.isError ? (
              <p className="form-message form-message--error" role="alert">
                {t('subjects.loadFailed')}
              </p>
            ) : null}
            <TopicList
              planId={planId}
              subjectName={subject.subjectName}
              topics={list}
              onToggled={() => void refresh(planId)}
            />
          </section>
          <div className="stack">
            <div className="card">
              {details.data ? (
                <SubjectSchedule subject={details.data} onSaved={() => void refresh(planId)} />
              ) : details.isError ? (
                <p className="form-message form-message--error" role="alert">
                  {t('subjects.loadFailed')}
                </p>
              ) : (
                <p className="status-text" role="status">
                  {t('subjects.loading')}
                </p>
              )}
            </div>
            <section className="card">
              <AddTopicForm subjectId={subject.id} onAdded={() => void refresh(planId)} />
            </section>
          </div>
        </div>
      )}
    </div>
  );
}
