import { describe, expect, it } from 'vitest';
import { type CramModel, leastLastDays, nearestPlan } from './least-cram.js';

/** A period of 14 days, sessions of 1.5 h, one exam on day 14 (subject 0), capacity per day. */
function model(cap: number[], more: Partial<CramModel> = {}): CramModel {
  return {
    days: 14,
    cap,
    L: 1.5,
    maxLoad: 1,
    windowEnd: [14],
    exam: [14],
    needs: [3],
    sessions: [],
    limits: new Map(),
    ...more,
  };
}

const days = (pairs: Array<[number, number]>) => {
  const cap = new Array<number>(14).fill(0);
  for (const [d, h] of pairs) cap[d] = h;
  return cap;
};

describe('leastLastDays', () => {
  it('counts whole places: a 1-h place early does not spare a 1.5-h session of the last week', () => {
    // Spread as a flow, 1 h of the 3 fits before the last week and 2 h are left for it; in
    // places, 1 h + 1.5 h is short of 3, so the last week holds two sessions either way.
    const m = model(
      days([
        [2, 1],
        [9, 1.5],
        [12, 1.5],
      ]),
    );
    expect(leastLastDays(m, 0, 7)).toBe(3);
    // The last 3 days (11-13) need hold only one of them.
    expect(leastLastDays(m, 0, 3)).toBe(1.5);
  });

  it('finds the room a session before the last week makes', () => {
    const m = model(
      days([
        [2, 1.5],
        [9, 1.5],
        [12, 1.5],
      ]),
    );
    expect(leastLastDays(m, 0, 7)).toBe(1.5);
  });

  it('keeps another exam within its limits, and meets the needs alone when none can be', () => {
    // Subject 1 (exam on day 10, its last week days 3-9) takes the early place when its last
    // week may not hold its session, and subject 0 has only the late ones left.
    const cap = days([
      [2, 1.5],
      [9, 1.5],
      [12, 1.5],
    ]);
    const two = { windowEnd: [14, 10], exam: [14, 10], needs: [3, 1.5] };
    const free = model(cap, { ...two, limits: new Map([[1, { last7: 1.5, last3: 1.5 }]]) });
    expect(leastLastDays(free, 0, 7)).toBe(1.5);
    const tight = model(cap, { ...two, limits: new Map([[1, { last7: 0, last3: 0 }]]) });
    expect(leastLastDays(tight, 0, 7)).toBe(3);
    // No plan keeps subject 1 out of its last week: the least over the plans that meet the needs.
    const none = model(
      days([
        [9, 1.5],
        [12, 1.5],
        [13, 1.5],
      ]),
      {
        ...two,
        limits: new Map([[1, { last7: 0, last3: 0 }]]),
      },
    );
    expect(leastLastDays(none, 0, 7)).toBe(3);
  });

  it("keeps a final review in M9's days, wherever it moves among them", () => {
    // Days 2 and 5 could take the whole need; the review held on day 12 keeps a session in the
    // last 3 days (11-13), on day 11 or 12.
    const cap = days([
      [2, 1.5],
      [5, 1.5],
      [11, 1],
      [12, 1.5],
    ]);
    const held = (review: boolean) => [
      { day: 5, hours: 1.5, subject: 0 },
      { day: 12, hours: 1.5, subject: 0, review },
    ];
    expect(leastLastDays(model(cap, { sessions: held(false) }), 0, 3)).toBe(0);
    expect(leastLastDays(model(cap, { sessions: held(true) }), 0, 3)).toBe(1);
    expect(leastLastDays(model(cap, { sessions: held(true) }), 0, 7)).toBe(1);
  });

  it('gives no answer when no plan meets the needs', () => {
    expect(leastLastDays(model(days([[12, 1.5]])), 0, 7)).toBeUndefined();
  });

  it('traces the nearest plan that reaches the least, its final review kept', () => {
    // Subject 0 holds days 5 and 12 (1.5 h in its last week); day 2 is free.
    const held = (review: boolean) => [
      { day: 5, hours: 1.5, subject: 0 },
      { day: 12, hours: 1.5, subject: 0, review },
    ];
    const cap = days([
      [2, 1.5],
      [5, 1.5],
      [12, 1.5],
    ]);
    expect(nearestPlan(model(cap, { sessions: held(false) }), 0, 7)).toEqual({
      least: 0,
      changes: [
        { day: 2, hours: 1.5, from: -1, to: 0 },
        { day: 12, hours: 1.5, from: 0, to: -1 },
      ],
    });
    // Day 12 holds its final review: it stays, and so does the plan.
    expect(nearestPlan(model(cap, { sessions: held(true) }), 0, 7)).toEqual({
      least: 1.5,
      changes: [],
    });
  });
});
