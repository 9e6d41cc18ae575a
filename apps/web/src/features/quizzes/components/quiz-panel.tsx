import type { Quiz, QuizResult } from '@studybuddy/contracts';
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AiWarnings } from '@/components/ai-warnings';
import { MathText } from '@/components/math-text';
import { aiLanguage } from '@/lib/ai-language';
import { formatDateTime } from '@/lib/format-date';
import { useCreateQuiz } from '../api/create-quiz';
import { useQuizResults } from '../api/get-quiz-results';
import { useSubmitQuiz } from '../api/submit-quiz';
import './quiz.css';
import { NeedsConnection } from '@/components/needs-connection';

export interface QuizPanelProps {
  lessonId: number;
}

/**
 * A multiple-choice quiz on the lesson: start it, answer (one radio group per question),
 * submit, see the score and the mistakes with the lesson sentence that explains them, retake.
 * Past results are listed underneath.
 */
export function QuizPanel({ lessonId }: QuizPanelProps) {
  const { t, i18n } = useTranslation();
  const create = useCreateQuiz();
  const submit = useSubmitQuiz();
  const [quiz, setQuiz] = useState<Quiz | null>(null);
  const [answers, setAnswers] = useState<(number | null)[]>([]);
  const [result, setResult] = useState<QuizResult | null>(null);
  const [failure, setFailure] = useState<'start' | 'submit' | null>(null);
  const quizTitleRef = useRef<HTMLHeadingElement>(null);
  const resultTitleRef = useRef<HTMLHeadingElement>(null);
  const moveFocus = useRef<'quiz' | 'result' | null>(null);
  const formId = useId();

  useEffect(() => {
    const target = moveFocus.current;
    moveFocus.current = null;
    if (target === 'quiz') quizTitleRef.current?.focus();
    else if (target === 'result') resultTitleRef.current?.focus();
  });

  async function start() {
    setFailure(null);
    try {
      const made = await create.mutateAsync({ lessonId, language: aiLanguage(i18n.language) });
      setQuiz(made);
      setAnswers(made.questions.map(() => null));
      setResult(null);
      moveFocus.current = 'quiz';
    } catch {
      setFailure('start');
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!quiz) return;
    setFailure(null);
    try {
      const scored = await submit.mutateAsync({ id: quiz.id, input: { answers } });
      setResult(scored);
      setQuiz(null);
      moveFocus.current = 'result';
    } catch {
      setFailure('submit');
    }
  }

  function choose(question: number, option: number) {
    setAnswers((current) => current.map((value, i) => (i === question ? option : value)));
  }

  const answered = answers.filter((a) => a !== null).length;
  return (
    <div className="quiz stack">
      {quiz === null ? (
        <NeedsConnection>
          <div className="actions">
            <button
              type="button"
              className="button button--primary"
              disabled={create.isPending}
              onClick={() => void start()}
            >
              {result ? t('quiz.retake') : t('quiz.start')}
            </button>
          </div>
        </NeedsConnection>
      ) : null}
      <div role="status" className="quiz__status">
        {create.isPending ? <p className="status-text">{t('quiz.starting')}</p> : null}
        {failure === 'start' ? (
          <p className="form-message form-message--error">{t('quiz.startFailed')}</p>
        ) : null}
      </div>

      {quiz ? (
        <form id={formId} className="quiz__form" onSubmit={onSubmit} noValidate>
          <h3 ref={quizTitleRef} className="quiz__title" tabIndex={-1}>
            {t('quiz.title')}
          </h3>
          <AiWarnings warnings={quiz.warnings} />
          {quiz.questions.length === 0 ? (
            <p className="empty-state">{t('quiz.empty')}</p>
          ) : (
            <>
              {quiz.questions.map((question, qi) => (
                <fieldset key={question.id} className="quiz__question">
                  <legend className="quiz__legend">
                    <span className="quiz__number">
                      {t('quiz.questionNumber', { n: qi + 1, m: quiz.questions.length })}
                    </span>{' '}
                    <span className="quiz__prompt">
                      <MathText text={question.prompt} />
                    </span>
                  </legend>
                  <div className="quiz__options">
                    {question.options.map((option, oi) => {
                      const id = `${formId}-q${qi}-o${oi}`;
                      return (
                        <div key={id} className="quiz__option">
                          <input
                            id={id}
                            type="radio"
                            name={`${formId}-q${qi}`}
                            value={oi}
                            checked={answers[qi] === oi}
                            onChange={() => choose(qi, oi)}
                          />
                          <label htmlFor={id}>
                            <MathText text={option} />
                          </label>
                        </div>
                      );
                    })}
                  </div>
                </fieldset>
              ))}
              <p className="status-text">
                {t('quiz.answered', { n: answered, m: quiz.questions.length })}{' '}
                {answered < quiz.questions.length ? t('quiz.skipHint') : null}
              </p>
              {failure === 'submit' ? (
                <p className="form-message form-message--error" role="alert">
                  {t('quiz.submitFailed')}
                </p>
              ) : null}
              <div className="actions">
                <button
                  type="submit"
                  className="button button--primary"
                  disabled={submit.isPending}
                >
                  {submit.isPending ? t('quiz.submitting') : t('quiz.submit')}
                </button>
              </div>
            </>
          )}
        </form>
      ) : null}

      {result ? <QuizResultView result={result} titleRef={resultTitleRef} /> : null}

      <PastResults lessonId={lessonId} />
    </div>
  );
}

function QuizResultView({
  result,
  titleRef,
}: {
  result: QuizResult;
  titleRef: RefObject<HTMLHeadingElement | null>;
}) {
  const { t } = useTranslation();
  const mistakes = result.questions.filter((q) => !q.correct);
  return (
    <section className="quiz-result" aria-labelledby="quiz-result-title">
      <h3 id="quiz-result-title" ref={titleRef} className="quiz-result__title" tabIndex={-1}>
        {t('quiz.resultTitle')}
      </h3>
      <p className="quiz-result__score" role="status">
        {t('quiz.score', { score: result.score, total: result.total, percent: result.percent })}
      </p>
      {mistakes.length === 0 ? (
        <p className="quiz-result__perfect">{t('quiz.allCorrect')}</p>
      ) : (
        <>
          <h4 className="quiz-result__subtitle">{t('quiz.mistakesTitle')}</h4>
          <ol className="quiz-mistakes">
            {mistakes.map((q) => (
              <li key={q.id} className="quiz-mistake">
                <p className="quiz-mistake__prompt">
                  <MathText text={q.prompt} />
                </p>
                <dl className="quiz-mistake__details">
                  <dt>{t('quiz.yourAnswer')}</dt>
                  <dd className="quiz-mistake__wrong">
                    {q.chosen === null ? (
                      t('quiz.notAnswered')
                    ) : (
                      <MathText text={q.options[q.chosen] ?? ''} />
                    )}
                  </dd>
                  <dt>{t('quiz.correctAnswer')}</dt>
                  <dd className="quiz-mistake__right">
                    <MathText text={q.options[q.correctIndex] ?? ''} />
                  </dd>
                  <dt>{t('quiz.explanation')}</dt>
                  <dd className="quiz-mistake__explanation">
                    <MathText text={q.explanation} />
                  </dd>
                </dl>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

function PastResults({ lessonId }: { lessonId: number }) {
  const { t, i18n } = useTranslation();
  const results = useQuizResults(lessonId);
  return (
    <section className="quiz-history" aria-labelledby="quiz-history-title">
      <h3 id="quiz-history-title" className="quiz-history__title">
        {t('quiz.historyTitle')}
      </h3>
      {results.isPending ? (
        <p className="status-text">{t('quiz.historyLoading')}</p>
      ) : results.isError ? (
        <p className="form-message form-message--error">{t('quiz.historyFailed')}</p>
      ) : results.data.length === 0 ? (
        <p className="status-text">{t('quiz.historyEmpty')}</p>
      ) : (
        <ul className="quiz-history__list">
          {results.data.map((r) => (
            <li key={r.id} className="quiz-history__item">
              <time dateTime={r.createdAt}>{formatDateTime(r.createdAt, i18n.language)}</time>
              <span>{t('quiz.score', { score: r.score, total: r.total, percent: r.percent })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
