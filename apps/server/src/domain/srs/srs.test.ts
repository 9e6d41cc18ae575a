import { createEmptyCard, fsrs, Rating } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import {
  capAtDeadline,
  meanRecall,
  newCardState,
  type ReviewRating,
  review,
  type SrsState,
} from './srs.js';

const ratings: ReviewRating[] = ['again', 'hard', 'good', 'easy'];
const grade = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
} as const;

describe('spaced repetition', () => {
  it('matches ts-fsrs exactly for random review sequences without a deadline (S1)', () => {
    const f = fsrs({ request_retention: 0.9, enable_fuzz: true, enable_short_term: true });
    let seed = 7;
    const rand = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let deck = 0; deck < 50; deck++) {
      let now = new Date(Date.UTC(2026, 0, 1, 9));
      let ours = newCardState(now);
      let theirs = createEmptyCard(now);
      for (let i = 0; i < 20; i++) {
        const r = ratings[Math.floor(rand() * 4)] as ReviewRating;
        ours = review(ours, r, now);
        theirs = f.next(theirs, now, grade[r]).card;
        expect(ours.due).toBe(theirs.due.toISOString());
        expect(Math.abs(ours.stability - theirs.stability)).toBeLessThanOrEqual(1e-9);
        expect(Math.abs(ours.difficulty - theirs.difficulty)).toBeLessThanOrEqual(1e-9);
        expect([ours.state, ours.reps, ours.lapses]).toEqual([
          theirs.state,
          theirs.reps,
          theirs.lapses,
        ]);
        now = new Date(Math.max(theirs.due.getTime(), now.getTime() + 60_000));
      }
    }
  });

  it('pulls a due date past the exam in to the day before it, and lifts the cap after (S2)', () => {
    const now = new Date('2026-06-01T10:00:00Z');
    let s = newCardState(now);
    let free = newCardState(now);
    let at = now;
    for (let i = 0; i < 4; i++) {
      s = review(s, 'easy', at, { deadline: '2026-06-20' });
      free = review(free, 'easy', at);
      expect(Date.parse(s.due)).toBeLessThanOrEqual(Date.parse('2026-06-19T00:00:00Z'));
      at = new Date(at.getTime() + 86_400_000);
    }
    // Without the cap the same answers would have pushed the card past the exam.
    expect(Date.parse(free.due)).toBeGreaterThan(Date.parse('2026-06-20T00:00:00Z'));
    expect(capAtDeadline(new Date('2026-09-01'), new Date('2026-06-25'), '2026-06-20')).toEqual(
      new Date('2026-09-01'),
    );
    expect(capAtDeadline(new Date('2026-09-01'), now, null)).toEqual(new Date('2026-09-01'));
  });

  it("caps at midnight of the day before the exam in the student's time zone, not UTC's", () => {
    const now = new Date('2026-06-01T10:00:00Z');
    const late = new Date('2026-09-01T00:00:00Z');
    // Auckland is UTC+12 in June: its midnight comes twelve hours before UTC's.
    expect(capAtDeadline(late, now, '2026-06-20', 'Pacific/Auckland')).toEqual(
      new Date('2026-06-18T12:00:00Z'),
    );
    expect(capAtDeadline(late, now, '2026-06-20', 'America/New_York')).toEqual(
      new Date('2026-06-19T04:00:00Z'),
    );
    expect(capAtDeadline(late, now, '2026-06-20')).toEqual(new Date('2026-06-19T00:00:00Z'));
    // The day before is a calendar day: New York springs forward on 2026-03-08, so its
    // midnight is still at UTC-5, not 24 hours before the exam day's midnight (UTC-4).
    expect(
      capAtDeadline(late, new Date('2026-03-01T00:00:00Z'), '2026-03-09', 'America/New_York'),
    ).toEqual(new Date('2026-03-08T05:00:00Z'));
    // Once the zone's cap has passed, the due date is left alone even if UTC's has not.
    const afterCap = new Date('2026-06-18T13:00:00Z');
    expect(capAtDeadline(late, afterCap, '2026-06-20', 'Pacific/Auckland')).toEqual(late);
    const s = review(newCardState(now), 'easy', now, {
      deadline: '2026-06-05',
      timeZone: 'Pacific/Auckland',
    });
    expect(s.due).toBe('2026-06-03T12:00:00.000Z');
  });

  it('answers one rating in well under a millisecond (S6)', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    let s = newCardState(now);
    const t0 = performance.now();
    for (let i = 0; i < 1000; i++) s = review(s, ratings[i % 4] as ReviewRating, new Date(s.due));
    expect((performance.now() - t0) / 1000).toBeLessThan(1);
  });
});

describe('meanRecall', () => {
  const card = (o: Partial<SrsState> = {}): SrsState => ({
    due: '2026-03-10T00:00:00.000Z',
    stability: 10,
    difficulty: 5,
    elapsedDays: 0,
    scheduledDays: 10,
    learningSteps: 0,
    reps: 3,
    lapses: 0,
    state: 2,
    lastReview: '2026-03-01T00:00:00.000Z',
    ...o,
  });

  it('is undefined without cards, falls with time and counts unreviewed cards as 0', () => {
    expect(meanRecall([], new Date('2026-03-20'))).toBeUndefined();
    const soon = meanRecall([card()], new Date('2026-03-05T00:00:00Z')) as number;
    const late = meanRecall([card()], new Date('2026-04-20T00:00:00Z')) as number;
    expect(soon).toBeGreaterThan(late);
    expect(soon).toBeLessThanOrEqual(1);
    const mixed = meanRecall(
      [card(), card({ reps: 0, lastReview: null, state: 0 })],
      new Date('2026-03-05T00:00:00Z'),
    );
    expect(mixed).toBeCloseTo(soon / 2, 6);
  });
});
