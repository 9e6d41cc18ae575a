import type { Topic } from '@studybuddy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { lessonKeys } from '@/features/lessons/api/keys';
import { usePlan } from '@/features/plans/api/get-plan';
import { useSubject } from '@/features/subjects/api/get-subject';
import { useTopic } from '@/features/topics/api/get-topic';
import { GenerateDeepDiveForm } from '@/features/topics/components/generate-deep-dive-form';
import { TopicContent } from '@/features/topics/components/topic-content';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { toId } from '../hooks/use-redirect-after';
import './study-pages.css';

interface TopicViewProps {
  topic: Topic | undefined;
  planId: number;
  subjectName: string;
  state: 'loading' | 'notFound' | 'ready';
  /** The rich-content variant puts the content first and full width. */
  rich?: boolean;
}

/**
 * Once the topic's deep dive and lesson stop being written, a lesson read before is out of
 * date: the lesson queries are read again.
 */
function useLessonsAfterWriting(status: Topic['contentStatus'] | undefined) {
  const client = useQueryClient();
  const before = useRef(status);
  useEffect(() => {
    if (before.current === 'writing' && status !== undefined && status !== 'writing')
      void client.invalidateQueries({ queryKey: lessonKeys.all });
    before.current = status;
  }, [client, status]);
}

/** The topic screen's body, shared by the name-based, rich-content and by-id routes. */
function TopicView({ topic, planId, subjectName, state, rich = false }: TopicViewProps) {
  const { t } = useTranslation();
  useDocumentTitle(topic?.name ?? t('topics.detail.title'));
  useLessonsAfterWriting(topic?.contentStatus);
  const writing = topic?.contentStatus === 'writing';
  const hasPlan = !Number.isNaN(planId);
  const backTo =
    hasPlan && subjectName
      ? paths.subject(planId, subjectName)
      : hasPlan
        ? paths.studyPlanDetail(planId)
        : paths.studyPlans;

  return (
    <div className={rich ? 'page topic-page topic-page--rich' : 'page topic-page'}>
      <div className="page__header">
        <div>
          <h1 className="page__title page__title--wrap">
            {topic?.name ?? t('topics.detail.title')}
          </h1>
          {subjectName ? <p className="page__subtitle">{subjectName}</p> : null}
        </div>
        <div className="actions">
          {topic?.lessonId && !writing && hasPlan && subjectName ? (
            <Link
              to={paths.lesson(planId, subjectName, topic.name, topic.lessonId)}
              className="button button--primary"
            >
              {t('topics.list.viewLesson')}
            </Link>
          ) : null}
          <Link to={backTo} className="button button--ghost">
            {t('topics.detail.back')}
          </Link>
        </div>
      </div>
      {state === 'notFound' ? (
        <p className="form-message form-message--error" role="alert">
          {t('topics.detail.notFound')}
        </p>
      ) : state === 'loading' || !topic ? (
        <p className="status-text" role="status">
          {t('topics.detail.loading')}
        </p>
      ) : (
        <div className={rich ? 'stack' : 'two-column'}>
          <section className="card" aria-labelledby="deep-dive-title">
            <h2 id="deep-dive-title" className="section-title topic-page__section-title">
              {t('topics.detail.contentTitle')}
            </h2>
            <TopicContent topic={topic} />
          </section>
          {writing ? null : (
            <section className="card">
              <GenerateDeepDiveForm topicId={topic.id} />
            </section>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * /study-plan/topic/{planId}/{subjectName}/{topicName} and the rich-content variant; the plan
 * id comes from the path, or from ?studyPlanId= (docs/product.md, Screens, lists both).
 */
function TopicByNamePage({ rich }: { rich: boolean }) {
  const params = useParams();
  const [search] = useSearchParams();
  const planId = toId(params.studyPlanId ?? search.get('studyPlanId'));
  const subjectName = params.subjectName ?? '';
  const topicName = params.topicName ?? '';
  const plan = usePlan(planId);
  const subject = plan.data?.subjectDetails.find((s) => s.subjectName === subjectName);
  const ref = subject?.topics.find((tp) => tp.name === topicName || tp.topicName === topicName);
  const topic = useTopic(ref?.id);
  const notFound =
    Number.isNaN(planId) ||
    plan.isError ||
    topic.isError ||
    (plan.isSuccess && !plan.isFetching && !ref);
  return (
    <TopicView
      topic={topic.data ?? ref}
      planId={planId}
      subjectName={subjectName}
      state={notFound ? 'notFound' : ref ? 'ready' : 'loading'}
      rich={rich}
    />
  );
}

export function TopicRichContentPage() {
  return <TopicByNamePage rich />;
}

/** /topic/{id}/detail, where the calendar links: the topic by id, its subject for the way back. */
export function TopicByIdPage() {
  const id = toId(useParams().id);
  const topic = useTopic(Number.isNaN(id) ? undefined : id);
  const subject = useSubject(topic.data?.subjectId);
  return (
    <TopicView
      topic={topic.data}
      planId={subject.data?.studyPlanId ?? Number.NaN}
      subjectName={subject.data?.name ?? ''}
      state={Number.isNaN(id) || topic.isError ? 'notFound' : topic.data ? 'ready' : 'loading'}
    />
  );
}

export default function TopicPage() {
  return <TopicByNamePage rich={false} />;
}
