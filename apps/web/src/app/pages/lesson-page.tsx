import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Tabs } from '@/components/tabs';
import { paths } from '@/config/paths';
import { useLesson } from '@/features/lessons/api/get-lesson';
import { LessonContent } from '@/features/lessons/components/lesson-content';
import { ReviewForm } from '@/features/lessons/components/review-form';
import { ReviewList } from '@/features/lessons/components/review-list';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { toId, useRedirectAfter } from '../hooks/use-redirect-after';
import './lesson-page.css';

// The AI tools load when their tab is first opened, not with the lesson.
const FlashcardsPanel = lazy(() =>
  import('@/features/flashcards/components/flashcards-panel').then((m) => ({
    default: m.FlashcardsPanel,
  })),
);
const QuizPanel = lazy(() =>
  import('@/features/quizzes/components/quiz-panel').then((m) => ({ default: m.QuizPanel })),
);
const LessonBotPanel = lazy(() =>
  import('@/features/lesson-bot/components/lesson-bot-panel').then((m) => ({
    default: m.LessonBotPanel,
  })),
);

/** Flashcards, quiz and the AI helper of one lesson, one tab each. */
function LessonTools({ lessonId }: { lessonId: number }) {
  const { t } = useTranslation();
  const loading = <p className="status-text">{t('lessons.tools.loading')}</p>;
  return (
    <Tabs
      label={t('lessons.tools.title')}
      items={[
        {
          id: 'flashcards',
          label: t('lessons.tools.flashcards'),
          content: (
            <Suspense fallback={loading}>
              <FlashcardsPanel lessonId={lessonId} />
            </Suspense>
          ),
        },
        {
          id: 'quiz',
          label: t('lessons.tools.quiz'),
          content: (
            <Suspense fallback={loading}>
              <QuizPanel lessonId={lessonId} />
            </Suspense>
          ),
        },
        {
          id: 'helper',
          label: t('lessons.tools.helper'),
          content: (
            <Suspense fallback={loading}>
              <LessonBotPanel lessonId={lessonId} />
            </Suspense>
          ),
        },
      ]}
    />
  );
}

/**
 * /lesson-detail/{planId}/{subjectName}/{topicName}/{lessonId} (docs/product.md, Screens): full
 * screen, Close, the Markdown and math, and the side area with the lesson tools (flashcards,
 * quiz, AI helper) and reviews. A lesson that cannot
 * be loaded says so and leads to /study-plan, as a missing subject does.
 */
export default function LessonPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const planId = toId(params.studyPlanId);
  const lessonId = toId(params.lessonId);
  const subjectName = params.subjectName ?? '';
  const topicName = params.topicName ?? '';
  const lesson = useLesson(lessonId);
  const notFound = Number.isNaN(lessonId) || lesson.isError;
  useRedirectAfter(notFound, paths.studyPlans);
  useDocumentTitle(topicName || t('lessons.title'));

  function close() {
    // window.close() only works for a tab a script opened; otherwise go back to the subject.
    if (window.opener) {
      window.close();
      return;
    }
    navigate(
      Number.isNaN(planId) || !subjectName ? paths.studyPlans : paths.subject(planId, subjectName),
    );
  }

  return (
    <div className="lesson-screen">
      <header className="lesson-screen__bar">
        <div className="lesson-screen__heading">
          <p className="lesson-screen__subject">{subjectName}</p>
          <h1 className="lesson-screen__title">{topicName || t('lessons.title')}</h1>
        </div>
        <button type="button" className="button button--secondary" onClick={close}>
          {t('lessons.close')}
        </button>
      </header>
      <main id="main" className="lesson-screen__body" tabIndex={-1}>
        <article className="lesson-screen__content card" aria-label={t('lessons.contentLabel')}>
          {notFound ? (
            <p className="form-message form-message--error" role="alert">
              {t('lessons.notFound')}
            </p>
          ) : lesson.isPending ? (
            <p className="status-text" role="status">
              {t('lessons.loading')}
            </p>
          ) : (
            <LessonContent markdown={lesson.data.latexContent} />
          )}
        </article>
        <aside className="lesson-screen__side" aria-label={t('lessons.sideLabel')}>
          <section className="card lesson-tools" aria-labelledby="lesson-tools-title">
            <h2 id="lesson-tools-title" className="lesson-side__heading">
              {t('lessons.tools.title')}
            </h2>
            {notFound || Number.isNaN(lessonId) ? null : <LessonTools lessonId={lessonId} />}
          </section>
          {Number.isNaN(lessonId) ? null : (
            <section className="card stack" aria-labelledby="reviews-title">
              <h2 id="reviews-title" className="lesson-side__heading">
                {t('reviews.title')}
              </h2>
              <ReviewList lessonId={lessonId} />
              <ReviewForm lessonId={lessonId} />
            </section>
          )}
        </aside>
      </main>
    </div>
  );
}
