import { dateDiffInDays, type FSRSState, fsrs, type Grade, State } from 'ts-fsrs';
import type { AnkiMemoryRead } from './anki-read.js';

/** The fields of an Anki card row that say where it stands. */
export interface AnkiCardState {
  /** 0 new, 1 learning, 2 review, 3 relearning. */
  type: number;
  /** -3/-2 buried, -1 suspended, 0 new, 1 learning, 2 review, 3 day learning, 4 preview. */
  queue: number;
  /** New: its position; review and day learning: a day number from crt; learning: seconds. */
  due: number;
  /** In a filtered deck: its due before it was moved there (0 if none). */
  odue: number;
  /** In a filtered deck: its home deck (0 if none). */
  odid: number;
  /** The interval in days (review cards). */
  ivl: number;
  reps: number;
  lapses: number;
}

/** One answer from the review log that counts as a review. */
export interface AnkiAnswer {
  /** When, in ms since the epoch (the revlog row's id). */
  at: number;
  rating: Grade;
  /** Given to a card in review (the log's kind 1): an Again here is a lapse. */
  inReview: boolean;
  /** After a reset ("Forget"): the history before it no longer shapes the memory. */
  afterReset: boolean;
}

// FSRS with the app's settings (domain/srs: default weights, short-term memory on). Only its
// memory model is used here, which has no randomness.
const replayer = fsrs({ enable_fuzz: false, enable_short_term: true });

const DAY_S = 86_400;
/** Epoch seconds are past 10^9 (2001); day numbers never get there. */
const SECONDS_FROM = 1_000_000_000;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * When Anki has the card due, in ms: a day number counts days from the collection's creation
 * (crt, in seconds); learning cards hold epoch seconds. A card in a filtered deck keeps its
 * own due in odue. Suspended and buried cards keep their due too, of either kind, which the
 * size of the number tells apart.
 */
export function ankiDueMs(card: AnkiCardState, crt: number): number {
  const due = card.odid !== 0 && card.odue !== 0 ? card.odue : card.due;
  return due >= SECONDS_FROM ? due * 1000 : (crt + due * DAY_S) * 1000;
}

/**
 * The card's memory in ts-fsrs's terms. Stability and difficulty come from replaying its
 * answers (from the last reset on) through ts-fsrs's memory model, `next_state`, with the
 * days between answers as its scheduler counts them: the same step `FSRS.next` takes for each
 * answer, without working out the other three buttons' outcomes each time, which made a
 * large package's read several times slower (docs/anki.md, "Memory"). Reps, lapses and the last
 * review are counted from the same answers; the state, the due date and the interval are
 * Anki's own, so a card comes due when it would have in Anki.
 * A new card (type 0, reset ones included whatever their log) is new, due at the collection's
 * creation: the importer gives new cards their own dates. A card Anki has studied but whose
 * log holds no answer (a log left out of the export) keeps Anki's state, with its interval as
 * its stability.
 */
export function cardMemory(
  card: AnkiCardState,
  answers: AnkiAnswer[],
  crt: number,
): AnkiMemoryRead {
  if (card.type === 0 || card.type > 3) return newMemory(crt);
  const due = iso(ankiDueMs(card, crt));
  const scheduledDays = card.type === 2 ? Math.max(0, card.ivl) : 0;
  let from = 0;
  answers.forEach((a, i) => {
    if (a.afterReset) from = i;
  });
  const history = answers.slice(from);
  if (history.length === 0) return logless(card, crt, due, scheduledDays);
  let memory: FSRSState | null = null;
  let last: Date | undefined;
  let elapsedDays = 0;
  let lapses = 0;
  for (const a of history) {
    const at = new Date(a.at);
    // The first answer meets a new card (no days); later ones count calendar days, as
    // ts-fsrs's scheduler does.
    const days = last ? Math.max(0, dateDiffInDays(last, at)) : 0;
    memory = replayer.next_state(memory, days, a.rating);
    if (last) elapsedDays = days;
    if (a.inReview && a.rating === 1) lapses++;
    last = at;
  }
  return {
    due,
    stability: memory?.stability ?? 0,
    difficulty: memory?.difficulty ?? 0,
    elapsedDays,
    scheduledDays,
    learningSteps: 0,
    reps: history.length,
    lapses,
    state: card.type as AnkiMemoryRead['state'],
    lastReview: last ? last.toISOString() : null,
  };
}

function newMemory(crt: number): AnkiMemoryRead {
  return {
    due: iso(crt * 1000),
    stability: 0,
    difficulty: 0,
    elapsedDays: 0,
    scheduledDays: 0,
    learningSteps: 0,
    reps: 0,
    lapses: 0,
    state: State.New,
    lastReview: null,
  };
}

/** FSRS's difficulty halfway between easiest (1) and hardest (10): nothing says otherwise. */
const UNKNOWN_DIFFICULTY = 5;

function logless(
  card: AnkiCardState,
  crt: number,
  due: string,
  scheduledDays: number,
): AnkiMemoryRead {
  const dueMs = Date.parse(due);
  return {
    due,
    // At 90 % retention FSRS's interval is its stability: Anki's interval is the best guess.
    stability: Math.max(card.ivl, 0.1),
    difficulty: UNKNOWN_DIFFICULTY,
    elapsedDays: 0,
    scheduledDays,
    learningSteps: 0,
    reps: card.reps,
    lapses: card.lapses,
    state: card.type as AnkiMemoryRead['state'],
    // Reviewed an interval before it is due, not before the collection was made.
    lastReview: iso(Math.max(crt * 1000, dueMs - Math.max(card.ivl, 0) * DAY_S * 1000)),
  };
}
