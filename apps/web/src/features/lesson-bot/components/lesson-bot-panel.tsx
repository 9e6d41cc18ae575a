import { LESSON_QUESTION_MAX, type LessonAnswer } from '@studybuddy/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AiWarnings } from '@/components/ai-warnings';
import { MarkdownText } from '@/components/markdown-text';
import { aiLanguage } from '@/lib/ai-language';
import { askLessonBot } from '../api/ask-lesson-bot';
import './lesson-bot.css';
import { NeedsConnection } from '@/components/needs-connection';

export interface LessonBotPanelProps {
  lessonId: number;
}

/** The question asked and its answer: as written so far, then the final one. */
interface Asked {
  question: string;
  /** The answer's text as it is written; the final answer's once it is in. */
  text: string;
  /** The final answer with its passages; `null` while it is written, or when stopped. */
  answer: LessonAnswer | null;
  /** The student stopped it: the text stays as far as it went. */
  stopped?: boolean;
}

/**
 * The lesson helper: 'Help me with this lesson' or a question of the student's own, answered
 * from the lesson and the subject's files, with the passages the answer rests on.
 */
export function LessonBotPanel({ lessonId }: LessonBotPanelProps) {
  const { t, i18n } = useTranslation();
  const [pending, setPending] = useState(false);
  const stopRef = useRef<AbortController | null>(null);
  const [draft, setDraft] = useState('');
  const [asked, setAsked] = useState<Asked | null>(null);
  const [failed, setFailed] = useState(false);
  const answerRef = useRef<HTMLHeadingElement>(null);
  const focusAnswer = useRef(false);
  const inputId = useId();
  const hintId = useId();

  useEffect(() => {
    if (focusAnswer.current) {
      focusAnswer.current = false;
      answerRef.current?.focus();
    }
  });

  // An answer still being written is abandoned when the panel goes.
  useEffect(() => () => stopRef.current?.abort(), []);

  /** An `overview` is the help button: the lesson's key points, asked in the student's words. */
  async function send(text: string, kind: 'question' | 'overview' = 'question') {
    const question = text.trim();
    if (!question || pending) return;
    setFailed(false);
    setPending(true);
    const stop = new AbortController();
    stopRef.current = stop;
    let written = '';
    let shown = false;
    try {
      const answer = await askLessonBot(
        { lessonId, input: { question, kind, language: aiLanguage(i18n.language) } },
        {
          signal: stop.signal,
          onDelta: (piece) => {
            written += piece;
            shown = true;
            setAsked({ question, text: written, answer: null });
          },
        },
      );
      setAsked({ question, text: answer.answer, answer });
      if (kind === 'question' && question === draft.trim()) setDraft('');
      focusAnswer.current = true;
    } catch {
      if (stop.signal.aborted) {
        // Stopped: what was written stays shown.
        if (shown) setAsked({ question, text: written, answer: null, stopped: true });
      } else {
        setFailed(true);
      }
    } finally {
      stopRef.current = null;
      setPending(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void send(draft);
  }

  /** An answer is being written and shown as it grows. */
  const writing = pending && asked !== null && asked.answer === null;
  return (
    <div className="lesson-bot stack">
      <p className="lesson-bot__intro">{t('lessonBot.intro')}</p>
      <button
        type="button"
        className="button button--primary"
        disabled={pending}
        onClick={() => void send(t('lessonBot.helpMe'), 'overview')}
      >
        {t('lessonBot.helpMe')}
      </button>
      <NeedsConnection>
        <form className="form lesson-bot__form" onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor={inputId} className="field__label">
              {t('lessonBot.questionLabel')}
            </label>
            <textarea
              id={inputId}
              className="field__control field__control--textarea lesson-bot__input"
              rows={3}
              maxLength={LESSON_QUESTION_MAX}
              value={draft}
              aria-describedby={hintId}
              onChange={(event) => setDraft(event.target.value)}
            />
            <p id={hintId} className="field__hint">
              {t('lessonBot.counter', { length: draft.length, max: LESSON_QUESTION_MAX })}
            </p>
          </div>
          <div className="actions">
            <button
              type="submit"
              className="button button--secondary"
              disabled={pending || draft.trim() === ''}
            >
              {t('lessonBot.ask')}
            </button>
            {pending ? (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => stopRef.current?.abort()}
              >
                {t('lessonBot.stop')}
              </button>
            ) : null}
          </div>
        </form>
      </NeedsConnection>

      <div role="status" className="lesson-bot__status">
        {pending && !writing ? <p className="status-text">{t('lessonBot.thinking')}</p> : null}
        {failed ? (
          <p className="form-message form-message--error">{t('lessonBot.failed')}</p>
        ) : null}
      </div>

      {asked ? (
        <section
          className="lesson-bot__answer"
          aria-labelledby="lesson-bot-answer-title"
          // The answer being written is announced once complete, not at every word.
          aria-busy={writing}
        >
          <h3
            id="lesson-bot-answer-title"
            ref={answerRef}
            className="lesson-bot__title"
            tabIndex={-1}
          >
            {t('lessonBot.answerTitle')}
          </h3>
          <p className="lesson-bot__question">
            <span className="lesson-bot__question-label">{t('lessonBot.youAsked')}</span>{' '}
            {asked.question}
          </p>
          <AiWarnings warnings={asked.answer?.warnings} />
          <MarkdownText className="lesson-bot__text">{asked.text}</MarkdownText>
          {asked.stopped ? <p className="lesson-bot__stopped">{t('lessonBot.stopped')}</p> : null}
          {asked.answer && !asked.answer.covered ? (
            <p className="status-text">{t('lessonBot.notCovered')}</p>
          ) : null}
          {asked.answer && asked.answer.passages.length > 0 ? (
            <>
              <h4 className="lesson-bot__subtitle">{t('lessonBot.passagesTitle')}</h4>
              <ul className="lesson-bot__passages">
                {asked.answer.passages.map((passage) => (
                  <li key={`${passage.source}\n${passage.text}`} className="lesson-bot__passage">
                    <blockquote className="lesson-bot__quote">{passage.text}</blockquote>
                    <p className="lesson-bot__source">
                      {t('lessonBot.source')} <cite>{passage.source}</cite>
                    </p>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
