import { type Card, createEmptyCard, fsrs, type Grade, Rating, State } from 'ts-fsrs';
import { fromZoned } from '../time/zoned.js';

/** FSRS-6 through ts-fsrs: default desired retention 0.90, fuzz on to spread the load. */
export const DEFAULT_RETENTION = 0.9;

export type ReviewRating = 'again' | 'hard' | 'good' | 'easy';
export type CardStateName = 'new' | 'learning' | 'review' | 'relearning';

/** What is stored per card (all plain values, ISO dates). */
export interface SrsState {
  due: string;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: number;
  lastReview: string | null;
}

const RATINGS: Record<ReviewRating, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};

const STATE_NAMES: Record<number, CardStateName> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
};

export function stateName(state: number): CardStateName {
  return STATE_NAMES[state] ?? 'new';
}

const schedulers = new Map<number, ReturnType<typeof fsrs>>();
function scheduler(retention: number) {
  let f = schedulers.get(retention);
  if (!f) {
    f = fsrs({ request_retention: retention, enable_fuzz: true, enable_short_term: true });
    schedulers.set(retention, f);
  }
  return f;
}

function toCard(s: SrsState): Card {
  return {
    due: new Date(s.due),
    stability: s.stability,
    difficulty: s.difficulty,
    elapsed_days: s.elapsedDays,
    scheduled_days: s.scheduledDays,
    learning_steps: s.learningSteps,
    reps: s.reps,
    lapses: s.lapses,
    state: s.state as State,
    ...(s.lastReview ? { last_review: new Date(s.lastReview) } : {}),
  };
}

function fromCard(c: Card): SrsState {
  return {
    due: c.due.toISOString(),
    stability: c.stability,
    difficulty: c.difficulty,
    elapsedDays: c.elapsed_days,
    scheduledDays: c.scheduled_days,
    learningSteps: c.learning_steps,
    reps: c.reps,
    lapses: c.lapses,
    state: c.state,
    lastReview: c.last_review ? c.last_review.toISOString() : null,
  };
}

/** A card never reviewed, due now. */
export function newCardState(now: Date): SrsState {
  return fromCard(createEmptyCard(now));
}

const DAY = 86_400_000;

/**
 * The exam-aware cap (docs/product.md, Constants and limits): while the exam (deadline E, a
 * YYYY-MM-DD date) is more than a day away, no card is due after E minus one day; after the
 * exam the cap is lifted. The cap is applied at the start of that day, midnight in the
 * student's time zone (the zone the exam day is written in), so cards due after it are pulled
 * in before it.
 */
export function capAtDeadline(
  due: Date,
  now: Date,
  deadline: string | null,
  timeZone = 'UTC',
): Date {
  if (!deadline) return due;
  const exam = new Date(`${deadline}T00:00:00Z`).getTime();
  if (Number.isNaN(exam)) return due;
  const dayBefore = new Date(exam - DAY).toISOString().slice(0, 10);
  const cap = fromZoned(dayBefore, '00:00', timeZone).getTime();
  if (Number.isNaN(cap) || now.getTime() >= cap) return due;
  return due.getTime() > cap ? new Date(cap) : due;
}

/** The card's state after one rating: ts-fsrs's answer, then the deadline cap. */
export function review(
  state: SrsState,
  rating: ReviewRating,
  now: Date,
  opts: { deadline?: string | null; timeZone?: string; retention?: number } = {},
): SrsState {
  const next = scheduler(opts.retention ?? DEFAULT_RETENTION).next(
    toCard(state),
    now,
    RATINGS[rating],
  );
  const card = next.card;
  card.due = capAtDeadline(card.due, now, opts.deadline ?? null, opts.timeZone);
  return fromCard(card);
}

/**
 * Mean FSRS retrievability of the cards at `at` (a subject's predicted recall on its exam day);
 * a card never reviewed counts as 0, and no cards gives undefined.
 */
export function meanRecall(cards: readonly SrsState[], at: Date): number | undefined {
  if (cards.length === 0) return undefined;
  const f = scheduler(DEFAULT_RETENTION);
  let sum = 0;
  for (const c of cards) {
    if (!c.lastReview || c.reps === 0) continue;
    const r = f.get_retrievability(toCard(c), at, false);
    if (Number.isFinite(r)) sum += Math.min(1, Math.max(0, r));
  }
  return sum / cards.length;
}
