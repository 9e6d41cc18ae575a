import { createEmptyCard, fsrs, type Grade } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { type AnkiAnswer, type AnkiCardState, ankiDueMs, cardMemory } from './card-memory.js';

const CRT = Date.UTC(2026, 0, 1, 4) / 1000;
const DAY_MS = 86_400_000;
const review: AnkiCardState = {
  type: 2,
  queue: 2,
  due: 40,
  odue: 0,
  odid: 0,
  ivl: 9,
  reps: 4,
  lapses: 0,
};

function answers(list: [dayOffset: number, rating: Grade][], start = CRT * 1000): AnkiAnswer[] {
  return list.map(([days, rating]) => ({
    at: start + days * DAY_MS,
    rating,
    inReview: days > 0,
    afterReset: false,
  }));
}

/** A little generator of the same histories every run. */
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe('cardMemory', () => {
  it("gives the stability and difficulty ts-fsrs's own replay (reschedule) gives", () => {
    const scheduler = fsrs({ enable_fuzz: false, enable_short_term: true });
    const random = seeded(42);
    for (let n = 0; n < 200; n++) {
      const history: AnkiAnswer[] = [];
      let at = CRT * 1000 + random() * DAY_MS;
      const length = 1 + Math.floor(random() * 12);
      for (let i = 0; i < length; i++) {
        const rating = (1 + Math.floor(random() * 4)) as Grade;
        history.push({ at, rating, inReview: false, afterReset: false });
        // Minutes apart, or days.
        at += random() < 0.3 ? random() * 3_600_000 : Math.ceil(random() * 30) * DAY_MS;
      }
      const first = history[0]?.at ?? 0;
      const { collections } = scheduler.reschedule(
        createEmptyCard(first),
        history.map((h) => ({ rating: h.rating, review: h.at })),
        { first_card: createEmptyCard(first) },
      );
      const expected = collections[collections.length - 1]?.card;
      const memory = cardMemory(review, history, CRT);
      expect(memory.stability).toBeCloseTo(expected?.stability ?? -1, 6);
      expect(memory.difficulty).toBeCloseTo(expected?.difficulty ?? -1, 6);
      expect(memory.reps).toBe(history.length);
      expect(memory.lastReview).toBe(new Date(history[history.length - 1]?.at ?? 0).toISOString());
    }
  });

  it("keeps Anki's state, due day and interval, and counts lapses in review", () => {
    const memory = cardMemory(
      review,
      answers([
        [0, 3],
        [0.01, 3],
        [5, 1],
        [5.01, 3],
        [12, 3],
      ]),
      CRT,
    );
    expect(memory).toMatchObject({
      state: 2,
      scheduledDays: 9,
      lapses: 1,
      reps: 5,
      elapsedDays: 7,
    });
    expect(memory.due).toBe(new Date((CRT + 40 * 86_400) * 1000).toISOString());
  });

  it('replays from the last reset only', () => {
    const history = answers([
      [0, 1],
      [1, 1],
      [10, 3],
      [20, 3],
    ]);
    const after = history.slice(2);
    const first = after[0];
    if (first) first.afterReset = true;
    const replayed = cardMemory(review, history, CRT);
    const fresh = cardMemory(
      review,
      answers([
        [10, 3],
        [20, 3],
      ]),
      CRT,
    );
    expect(replayed.stability).toBe(fresh.stability);
    expect(replayed.reps).toBe(2);
  });

  it('leaves a new card new, due at the collection start, whatever its log', () => {
    const memory = cardMemory({ ...review, type: 0, queue: 0, due: 12 }, answers([[0, 3]]), CRT);
    expect(memory).toMatchObject({
      state: 0,
      stability: 0,
      difficulty: 0,
      reps: 0,
      lastReview: null,
    });
    expect(memory.due).toBe(new Date(CRT * 1000).toISOString());
  });

  it("keeps a studied card without a log in Anki's state, its interval as stability", () => {
    const memory = cardMemory({ ...review, ivl: 12, reps: 6, lapses: 2 }, [], CRT);
    expect(memory).toMatchObject({ state: 2, stability: 12, difficulty: 5, reps: 6, lapses: 2 });
    expect(memory.lastReview).toBe(new Date((CRT + 28 * 86_400) * 1000).toISOString());
  });
});

describe('ankiDueMs', () => {
  it('reads day numbers from crt and learning dues as epoch seconds', () => {
    expect(ankiDueMs(review, CRT)).toBe((CRT + 40 * 86_400) * 1000);
    const learning = { ...review, type: 1, queue: 1, due: 1_770_000_000 };
    expect(ankiDueMs(learning, CRT)).toBe(1_770_000_000_000);
    expect(ankiDueMs({ ...learning, queue: -1 }, CRT)).toBe(1_770_000_000_000);
    expect(ankiDueMs({ ...review, queue: 3, type: 3, due: 41 }, CRT)).toBe(
      (CRT + 41 * 86_400) * 1000,
    );
  });

  it('reads the due a card had before a filtered deck borrowed it', () => {
    const borrowed = { ...review, due: -100_000, odue: 45, odid: 7 };
    expect(ankiDueMs(borrowed, CRT)).toBe((CRT + 45 * 86_400) * 1000);
  });
});
