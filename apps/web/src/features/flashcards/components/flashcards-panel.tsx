import {
  FLASHCARD_RATINGS,
  type Flashcard,
  type FlashcardRating,
  IMAGE_DATA_URL,
  type Notice,
} from '@studybuddy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AiWarnings } from '@/components/ai-warnings';
import { MathText } from '@/components/math-text';
import { Modal } from '@/components/modal';
import { aiLanguage } from '@/lib/ai-language';
import { formatDateTime } from '@/lib/format-date';
import { useGenerateFlashcards } from '../api/generate-flashcards';
import { useDueFlashcards } from '../api/get-due-flashcards';
import { useFlashcards } from '../api/get-flashcards';
import { flashcardKeys } from '../api/keys';
import { useReviewFlashcard } from '../api/review-flashcard';
import './flashcards.css';
import { NeedsConnection } from '@/components/needs-connection';

export interface FlashcardsPanelProps {
  lessonId: number;
}

/**
 * The lesson's flashcards: make or remake the deck, then study the due cards one by one
 * (front, 'Show answer', a rating that the server turns into the next due date with FSRS),
 * ending on 'All caught up' with the next due date.
 */
export function FlashcardsPanel({ lessonId }: FlashcardsPanelProps) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const deck = useFlashcards(lessonId);
  const due = useDueFlashcards(lessonId);
  const generate = useGenerateFlashcards();
  const review = useReviewFlashcard();
  /** The cards of the study round in progress, fixed when it starts. */
  const [round, setRound] = useState<Flashcard[] | null>(null);
  const [index, setIndex] = useState(0);
  const [revealed, setRevealed] = useState(false);
  const [warnings, setWarnings] = useState<Notice[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<'generate' | 'rate' | null>(null);
  const frontRef = useRef<HTMLDivElement>(null);
  const backRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const moveFocus = useRef<'front' | 'back' | 'done' | null>(null);

  useEffect(() => {
    if (round === null && due.isSuccess && !due.isFetching) {
      setRound(due.data.cards);
      setIndex(0);
      setRevealed(false);
    }
  }, [round, due.isSuccess, due.isFetching, due.data]);

  // Focus follows the card being studied, so keyboard and screen-reader users keep their place.
  useEffect(() => {
    const target = moveFocus.current;
    moveFocus.current = null;
    if (target === 'front') frontRef.current?.focus();
    else if (target === 'back') backRef.current?.focus();
    else if (target === 'done') doneRef.current?.focus();
  });

  const language = aiLanguage(i18n.language);

  async function makeDeck() {
    setConfirming(false);
    setFailure(null);
    try {
      const made = await generate.mutateAsync({ lessonId, language });
      setWarnings(made.warnings);
      setRound(null);
      moveFocus.current = 'front';
    } catch {
      setFailure('generate');
    }
  }

  async function rate(card: Flashcard, rating: FlashcardRating) {
    if (!round) return;
    setFailure(null);
    try {
      await review.mutateAsync({ id: card.id, rating, front: card.front, lessonId });
    } catch {
      setFailure('rate');
      return;
    }
    const next = index + 1;
    setIndex(next);
    setRevealed(false);
    if (next >= round.length) {
      moveFocus.current = 'done';
      await Promise.all([
        client.invalidateQueries({ queryKey: flashcardKeys.deck(lessonId) }),
        client.invalidateQueries({ queryKey: flashcardKeys.due(lessonId) }),
      ]);
    } else {
      moveFocus.current = 'front';
    }
  }

  function studyAgain() {
    setRound(null);
    moveFocus.current = 'front';
  }

  function reveal() {
    setRevealed(true);
    moveFocus.current = 'back';
  }

  if (deck.isPending) {
    return <p className="status-text">{t('flashcards.loading')}</p>;
  }
  if (deck.isError) {
    return (
      <p className="form-message form-message--error" role="alert">
        {t('flashcards.loadFailed')}
      </p>
    );
  }

  const cards = deck.data.cards;
  const hasDeck = cards.length > 0;
  const card = round && index < round.length ? round[index] : undefined;
  const finished = round !== null && index >= round.length;
  const dueNow = due.data?.cards.length ?? 0;

  return (
    <div className="flashcards stack">
      <div className="flashcards__deck">
        <p className="flashcards__summary">
          {hasDeck
            ? t('flashcards.deckSummary', { total: cards.length, due: deck.data.dueCount })
            : t('flashcards.empty')}
        </p>
        {/* Making cards is the AI's work: with no signal it says so (the cards kept still study). */}
        <NeedsConnection>
          <button
            type="button"
            className={hasDeck ? 'button button--secondary' : 'button button--primary'}
            disabled={generate.isPending}
            onClick={() => (hasDeck ? setConfirming(true) : void makeDeck())}
          >
            {hasDeck ? t('flashcards.regenerate') : t('flashcards.generate')}
          </button>
        </NeedsConnection>
      </div>
      <div role="status" className="flashcards__status">
        {generate.isPending ? <p className="status-text">{t('flashcards.generating')}</p> : null}
        {failure === 'generate' ? (
          <p className="form-message form-message--error">{t('flashcards.generateFailed')}</p>
        ) : null}
      </div>
      <AiWarnings warnings={warnings} />

      {hasDeck && card && round ? (
        <section className="flashcard-study" aria-labelledby="flashcard-progress">
          <div className="flashcard-study__progress">
            <p id="flashcard-progress" className="flashcard-study__count">
              {t('flashcards.progress', { n: index + 1, m: round.length })}
            </p>
            <progress
              className="flashcard-study__bar"
              value={index}
              max={round.length}
              aria-hidden="true"
            />
          </div>
          <div className={`flashcard${revealed ? ' flashcard--revealed' : ''}`}>
            <div ref={frontRef} className="flashcard__side flashcard__front" tabIndex={-1}>
              <p className="flashcard__label">{t('flashcards.front')}</p>
              <p className="flashcard__text">
                <MathText text={card.front} />
              </p>
              <CardImages images={card.images} side="front" />
            </div>
            {revealed ? (
              <div ref={backRef} className="flashcard__side flashcard__back" tabIndex={-1}>
                <p className="flashcard__label">{t('flashcards.back')}</p>
                <p className="flashcard__text">
                  <MathText text={card.back} />
                </p>
                <CardImages images={card.images} side="back" />
                {card.source && card.source !== card.back ? (
                  <p className="flashcard__source">
                    {t('flashcards.fromSource')}{' '}
                    <q>
                      <MathText text={card.source} />
                    </q>
                  </p>
                ) : null}
              </div>
            ) : null}
          </div>
          {revealed ? (
            <fieldset className="flashcard-rate" disabled={review.isPending}>
              <legend className="flashcard-rate__legend">{t('flashcards.rateLabel')}</legend>
              <div className="flashcard-rate__buttons">
                {FLASHCARD_RATINGS.map((rating) => (
                  <button
                    key={rating}
                    type="button"
                    className={`button button--small flashcard-rate__button flashcard-rate__button--${rating}`}
                    onClick={() => void rate(card, rating)}
                  >
                    {t(`flashcards.ratings.${rating}`)}
                  </button>
                ))}
              </div>
            </fieldset>
          ) : (
            <button type="button" className="button button--primary" onClick={reveal}>
              {t('flashcards.showAnswer')}
            </button>
          )}
          {failure === 'rate' ? (
            <p className="form-message form-message--error" role="alert">
              {t('flashcards.rateFailed')}
            </p>
          ) : null}
        </section>
      ) : null}

      {hasDeck && (finished || (round !== null && round.length === 0)) ? (
        <section className="flashcard-done" aria-labelledby="flashcard-done-title">
          <h3
            id="flashcard-done-title"
            ref={doneRef}
            className="flashcard-done__title"
            tabIndex={-1}
          >
            {t('flashcards.caughtUp')}
          </h3>
          {round && round.length > 0 ? (
            <p className="status-text">{t('flashcards.reviewed', { n: round.length })}</p>
          ) : null}
          {due.isFetching || deck.isFetching ? null : dueNow > 0 ? (
            <button type="button" className="button button--primary" onClick={studyAgain}>
              {t('flashcards.studyAgain', { due: dueNow })}
            </button>
          ) : deck.data.nextDue ? (
            <p className="flashcard-done__next" role="status">
              {t('flashcards.nextDue', {
                date: formatDateTime(deck.data.nextDue, i18n.language),
              })}
            </p>
          ) : null}
        </section>
      ) : null}

      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('flashcards.regenerateTitle')}
        footer={
          <>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setConfirming(false)}
            >
              {t('flashcards.cancel')}
            </button>
            <button type="button" className="button button--danger" onClick={() => void makeDeck()}>
              {t('flashcards.regenerateYes')}
            </button>
          </>
        }
      >
        <p>{t('flashcards.regenerateConfirm')}</p>
      </Modal>
    </div>
  );
}

/**
 * The pictures one side of an imported card shows (from its Anki package). Only data URLs of the four
 * image types are drawn, checked again here: the page never loads an image from elsewhere.
 */
function CardImages({ images, side }: { images: Flashcard['images']; side: 'front' | 'back' }) {
  // A card kept offline from before images existed has none (the copy is not parsed again).
  const safe = (images ?? []).filter((i) => i.side === side && IMAGE_DATA_URL.test(i.src));
  if (safe.length === 0) return null;
  return (
    <div className="flashcard__images">
      {safe.map((i) => (
        <img key={i.src.slice(-48)} src={i.src} alt={i.alt} className="flashcard__image" />
      ))}
    </div>
  );
}
