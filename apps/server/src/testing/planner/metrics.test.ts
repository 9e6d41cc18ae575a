import type { Notice } from '@studybuddy/contracts';
import { describe, expect, it } from 'vitest';
import { notice } from '../../domain/notices.js';
import { ridgeline } from '../../domain/planner/model.js';
import type { PlannedBlock, PlannerInput, PlannerOutput } from '../../domain/planner/types.js';
import {
  bestPacking,
  edfDeliverable,
  type Frame,
  firstHalfCapRoom,
  frameOf,
  m1Violations,
  m2Consistency,
  m3Feasibility,
  m4Spacing,
  m5Ridgeline,
  m6Interleaving,
  m7Load,
  m8Cramming,
  m9FinalReview,
  m10FrontLoad,
  m11Coverage,
  m12Replan,
  roomBefore,
  type Session,
  warningKeys,
  wholePlaceFeasible,
  wholePlaceNeed,
  workloadWeeks,
} from './metrics.js';

const all = [...Array(24).keys()].map(() => true);
const input: PlannerInput = {
  period: { start: '2026-03-02', end: '2026-03-29' }, // Monday to Sunday, 4 weeks
  availability: [...Array(7).keys()].map((day) => ({
    day,
    enabled: day !== 6,
    hours: 3,
    startTime: '17:00',
    endTime: '22:00',
    slots: all,
  })),
  subjects: [
    {
      name: 'Maths',
      deadline: '2026-03-27',
      topics: [
        { name: 'Algebra', size: 1 },
        { name: 'Geometry', size: 1 },
      ],
      materials: ['a.pdf'],
    },
    { name: 'Art', topics: [{ name: 'Colour', size: 1 }], materials: [] },
  ],
  preferences: { sessionLength: 1, frontLoad: false, extraWishes: '' },
};

const day = (n: number) => `2026-03-${String(n + 2).padStart(2, '0')}`;
function block(
  d: number,
  start: string,
  subject: number,
  over: Partial<PlannedBlock> = {},
): PlannedBlock {
  const h = Number(start.slice(0, 2));
  return {
    date: day(d),
    start,
    end: `${String(h + 1).padStart(2, '0')}${start.slice(2)}`,
    subjectIndex: subject,
    kind: 'learn',
    topicIndexes: [0],
    focus: ['Learn: x'],
    materials: subject === 0 ? ['a.pdf'] : [],
    ...over,
  };
}
function plan(blocks: PlannedBlock[], warnings: Notice[] = []): PlannerOutput {
  const hours = [0, 0];
  for (const b of blocks) hours[b.subjectIndex] = (hours[b.subjectIndex] ?? 0) + 1;
  return {
    blocks,
    summary: input.subjects.map((s, k) => ({ subject: s.name, totalHours: hours[k] ?? 0 })),
    warnings,
    notes: [],
  };
}

describe('metrics', () => {
  it('packs places with breaks and the daily cap', () => {
    const free = [...Array(48).keys()].map(() => true);
    expect(bestPacking(free, 2, 48, 1)).toBe(19); // 2 sessions + a half-hour break, 9 times, then 1
    expect(bestPacking(free, 4, 48, 2)).toBe(18); // 2-h sessions never back to back
    expect(bestPacking(free, 3, 9, 1.5)).toBe(4.5);
    expect(bestPacking(free, 4, 6, 2)).toBe(3); // a 2-h session and a shorter 1-h one
  });

  it('puts the one shorter place where the packing order ends', () => {
    // Free 13-14, 15-17 and 21-23 h; 5 h allowed in 2-h sessions. Packed from the morning, the
    // 1-h gap comes first, while a full session still fits the budget: only 4 h. Packed from the
    // evening it is the last place packed and takes the hour left.
    const free = [...Array(48).keys()].map(
      (h) => (h >= 26 && h < 28) || (h >= 30 && h < 34) || (h >= 42 && h < 46),
    );
    expect(bestPacking(free, 4, 10, 2, 'last')).toBe(4);
    expect(bestPacking(free, 4, 10, 2, 'first')).toBe(5);
    expect(bestPacking(free, 4, 10, 2, 'either')).toBe(5);
    // Never two shorter places, and none while a full one would still fit the budget.
    expect(bestPacking(free, 4, 16, 2, 'either')).toBe(4);
  });

  it('M1 counts every kind of violation', () => {
    const bad = plan([
      block(6, '17:00', 1), // a Sunday: disabled
      block(0, '15:00', 1), // before the window
      block(1, '17:00', 1),
      block(1, '17:30', 1, { start: '17:30', end: '18:30' }), // overlaps
      block(2, '17:15', 1, { start: '17:15', end: '18:15' }), // off the grid
      block(25, '17:00', 0), // on the deadline
      block(3, '17:00', 1),
      block(3, '18:00', 1),
      block(3, '19:30', 1),
      block(3, '20:30', 1), // 4 h on a 3-h day
    ]);
    const v = m1Violations(input, bad).join('\n');
    for (const reason of ['allowed slots', 'overlaps', 'grid', 'deadline', 'over its 3 h'])
      expect(v).toContain(reason);
    expect(m1Violations(input, plan([block(0, '17:00', 0), block(0, '18:00', 1)]))).toEqual([]);
  });

  it('M2 checks the summary and the expected warnings', () => {
    const p = plan([block(0, '17:00', 0)]);
    const r = m2Consistency(input, p);
    expect(r.summaryErrors).toEqual([]);
    expect(r.expected).toEqual(['short:0', 'short:1']);
    expect(r.recall).toBe(0);
    const wrong = { ...p, summary: [{ subject: 'Maths', totalHours: 2 }] };
    expect(m2Consistency(input, wrong).summaryErrors.length).toBe(3);
    expect(
      warningKeys(
        input,
        notice('plan_short_before_deadline', {
          subject: 'Maths',
          needHours: 9,
          gotHours: 1,
          deadlineDate: '2026-03-27',
        }),
      ),
    ).toEqual(['short:0']);
    const tight = notice('plan_day_slots_too_tight', {
      weekdays: [0, 4],
      allowedHours: 4,
      fromTime: '17:00',
      toTime: '20:00',
      fitHours: 3,
      sessionHours: 1,
    });
    expect(warningKeys(input, tight)).toEqual(['daycap:0', 'daycap:4']);
    expect(warningKeys(input, notice('wish_not_understood', { wish: 'snacks' }))).toEqual([
      'unknown',
    ]);
    const stranger = notice('plan_short_in_period', {
      subject: 'Latin',
      needHours: 2,
      gotHours: 1,
    });
    expect(warningKeys(input, stranger)).toEqual(['unknown']);
  });

  it('M3 finds unmet needs when the EDF test passes', () => {
    const r = m3Feasibility(input, plan([block(0, '17:00', 0)]));
    expect(r.feasible).toBe(true);
    expect(r.unmet.length).toBe(2);
  });

  it('M3 asks needs met only where whole places can meet them all', () => {
    // Subject 0's window (days 0-1) holds a 1.5-h and a 1-h place: its 2 h takes both, 2.5 h,
    // and days 2-3 (3 h) are left to subject 1's 3.5 h. The hours alone say 5.5 h fit in 5.5.
    const f = {
      days: 4,
      L: 1.5,
      cap: [1.5, 1, 1.5, 1.5],
      windowEnd: [2, 4],
      needs: [2, 3.5],
    } as unknown as Frame;
    expect(edfDeliverable(f).feasible).toBe(true);
    expect(wholePlaceFeasible(f)).toBe(false);
    expect(wholePlaceFeasible({ ...f, needs: [2, 3] })).toBe(true);
  });

  it('M4 counts avoidable massing and irregular gaps', () => {
    const massed = plan([
      block(0, '17:00', 0),
      block(0, '18:00', 0),
      block(1, '17:00', 1),
      block(2, '17:00', 1),
    ]);
    expect(m4Spacing(input, massed).massing).toBeCloseTo(1 / 3);
    const gaps = [0, 1, 2, 3, 18].map((d) => block(d, '17:00', 1));
    expect(m4Spacing(input, plan(gaps)).regular).toBe(0);
    expect(m4Spacing(input, plan([0, 2, 4, 6, 8].map((d) => block(d, '17:00', 1)))).regular).toBe(
      1,
    );
  });

  it('M5 scores re-exposure gaps against the ridgeline', () => {
    expect(ridgeline(7)).toBeCloseTo(0.3);
    expect(ridgeline(365)).toBeCloseTo(0.075, 2);
    // Exam on day 25; exposures on days 0 and 5 (RI 20, rho 0.25, r* 0.21): in band.
    const good = plan([block(0, '17:00', 0), block(5, '17:00', 0, { kind: 'review' })]);
    expect(m5Ridgeline(input, good)).toMatchObject({ pairs: 1, inBand: 1 });
    const early = plan([block(0, '17:00', 0), block(1, '17:00', 0, { kind: 'review' })]);
    expect(m5Ridgeline(input, early)).toMatchObject({ pairs: 1, inBand: 0 });
  });

  it('M6 measures switches, runs and mixed reviews', () => {
    const p = plan([
      block(0, '17:00', 0),
      block(0, '18:00', 0),
      block(0, '19:30', 0),
      block(0, '20:30', 1),
      block(1, '17:00', 0, { topicIndexes: [1] }),
      block(2, '17:00', 0, { kind: 'review', topicIndexes: [0, 1] }),
      block(3, '17:00', 0, { kind: 'review', topicIndexes: [0] }),
    ]);
    const r = m6Interleaving(input, p);
    expect(r.ratio).toBeCloseTo(1 / 3);
    expect(r.maxRun).toBe(3);
    expect(r.avoidableRun).toBe(3);
    expect(r.mixed).toBe(0.5);
  });

  it("M6 tells a run the order avoids from one forced by the day's sessions", () => {
    const day = (subjects: number[]) =>
      plan(subjects.map((k, i) => block(0, `${String(8 + 2 * i).padStart(2, '0')}:00`, k)));
    // Five of one subject beside one of another: a run of 3 in any order.
    const forced = m6Interleaving(input, day([0, 0, 0, 1, 0, 0]));
    expect(forced).toMatchObject({ maxRun: 3, avoidableRun: 0 });
    // The same sessions with a run of 4, which 0 0 0 1 0 0 avoids.
    const avoidable = m6Interleaving(input, day([0, 0, 0, 0, 1, 0]));
    expect(avoidable).toMatchObject({ maxRun: 4, avoidableRun: 4 });
  });

  it('M7 finds long continuous blocks and uneven load', () => {
    const p = plan([
      block(0, '17:00', 1),
      block(0, '18:00', 1),
      block(0, '19:00', 1),
      block(7, '17:00', 1),
    ]);
    const r = m7Load(input, p);
    expect(r.longestBlockHours).toBe(3);
    expect(r.maxBackToBack).toBe(3);
    expect(r.dailyMaxMean).toBeGreaterThan(1.3);
  });

  it('M8 flags a subject crammed into its last days', () => {
    const p = plan([0, 20, 22, 23, 24].map((d) => block(d, '17:00', 0)));
    expect(m8Cramming(input, p).cramming.length).toBeGreaterThan(0);
  });

  it('M8 counts what another exam must book in whole places, not only its need', () => {
    // Days of 3 h (two 1.5-h places), 1 h (one 1-h place) and 1.5 h: 18.5 h in all.
    const cap = [3, 1, 3, 1.5, 1, 1, 1, 3, 1, 3];
    const f = { days: 10, L: 1.5, cap, windowEnd: [10], needs: [18] } as unknown as Frame;
    // 18 h takes every place: leaving out a 1-h place leaves 17.5 h.
    expect(wholePlaceNeed(f, 0, 18)).toBe(18.5);
    expect(wholePlaceNeed(f, 0, 17.5)).toBe(17.5);
    expect(wholePlaceNeed(f, 0, 16.2)).toBe(16.5);
    // More than the places hold: the need as it is.
    expect(wholePlaceNeed(f, 0, 30)).toBe(30);
  });

  it('M10 bounds a subject’s room in its first half by what the cap leaves there', () => {
    // Four weeks of one 2-h place a day, a cap of half the free time: 7 h in any 7 days.
    const f = { days: 28, cap: Array(28).fill(2), windowEnd: [28, 10], L: 2 } as Frame;
    const at = (subject: number, ...days: number[]) =>
      days.map((day) => ({ day, hours: 2, subject }) as Session);
    // Three sessions in each week of the first half: every 7 days hold 6 h, an hour short of a
    // session, so no partition of the half finds room.
    expect(firstHalfCapRoom(f, 0, at(0, 0, 2, 4, 7, 9, 11), 0.5)).toBe(0);
    // One a week: each week takes two more sessions.
    expect(firstHalfCapRoom(f, 0, at(0, 0, 7), 0.5)).toBe(8);
    // Another subject's sessions in its own first half (days 0-4) fill the days; after it they
    // could move, so they leave the room as it was.
    expect(firstHalfCapRoom(f, 0, [...at(0, 0, 7), ...at(1, 1, 3)], 0.5)).toBe(4);
    expect(firstHalfCapRoom(f, 0, [...at(0, 0, 7), ...at(1, 8, 9)], 0.5)).toBe(8);
  });

  it('M8 counts the room before a day within the student’s cap, or what the plan booked past it', () => {
    // Two weeks of one 2-h place a day; another exam needs 4 h in the first week.
    const f = {
      days: 14,
      cap: Array(14).fill(2),
      windowEnd: [14, 7],
      needs: [10, 4],
      L: 2,
    } as Frame;
    const none = Array<number>(14).fill(0);
    expect(roomBefore(f, 0, 7)).toBe(10);
    // Under a cap of half the free time the first week holds 7 h: 3 left for the subject.
    expect(roomBefore(f, 0, 7, undefined, undefined, { maxLoad: 0.5, booked: none })).toBe(3);
    // Where the plan booked 12 h in it (the needs made it pass the cap), it held 12.
    const past = [2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0];
    expect(roomBefore(f, 0, 7, undefined, undefined, { maxLoad: 0.5, booked: past })).toBe(8);
  });

  it('M8 exempts only the hours that earlier exams force into the last days', () => {
    // 2 h a day; subject 0's exam on day 6 needs all 12 h before it.
    const f = { days: 10, cap: Array(10).fill(2), windowEnd: [6, 10], needs: [12, 4] } as Frame;
    expect(roomBefore(f, 1, 6)).toBe(0);
    expect(roomBefore(f, 1, 8)).toBe(4);
    expect(roomBefore(f, 0, 6)).toBe(12);
    // Another exam's own limits take room too: subject 0 (exam on day 21, 20 h) can hold at
    // most 12 h in its last week (4 in its last 3 days) in whole 2-h sessions, so 8 h of it
    // must come before day 14.
    const g = { days: 28, cap: Array(28).fill(2), windowEnd: [21, 28], needs: [20, 12], L: 2 };
    expect(roomBefore(g as Frame, 1, 14)).toBe(22);
    expect(roomBefore({ ...g, examInPlan: [true, false] } as Frame, 1, 14)).toBe(20);
    // With its final review on day 18, days 19-20 are not subject 0's: 10 h of it before day 14.
    expect(
      roomBefore({ ...g, examInPlan: [true, false] } as Frame, 1, 14, undefined, [18, -1]),
    ).toBe(18);
    // The frame of the fixture leaves Maths room: cramming is still flagged there (test above).
    const p = plan([0, 20, 22, 23, 24].map((d) => block(d, '17:00', 0)));
    const fx = frameOf(input);
    expect(roomBefore(fx, 0, (fx.windowEnd[0] as number) - 3)).toBeGreaterThan(
      fx.needs[0] as number,
    );
    // A warning alone does not excuse cramming that nothing forced.
    const warning = notice('plan_exam_week_crowded', {
      subject: 'Maths',
      weekHours: 4,
      totalHours: 5,
      examDate: '2026-03-27',
    });
    expect(warningKeys(input, warning)).toEqual(['cram:0']);
    expect(m8Cramming(input, { ...p, warnings: [warning] }).cramming.length).toBeGreaterThan(0);
    expect(m8Cramming(input, p).cramming.length).toBeGreaterThan(0);
    // Nor does the warning that the subject falls short, which M2 takes in place of the other.
    const short = notice('plan_short_before_deadline', {
      subject: 'Maths',
      needHours: 8,
      gotHours: 5,
      deadlineDate: '2026-03-27',
    });
    expect(warningKeys(input, short)).toEqual(['short:0']);
    expect(m8Cramming(input, { ...p, warnings: [short] }).cramming.length).toBeGreaterThan(0);
  });

  it('M9 wants a full final review 1-3 days before the exam', () => {
    const none = plan([block(0, '17:00', 0), block(10, '17:00', 0)]);
    expect(m9FinalReview(input, none).missing.length).toBe(1);
    const ok = plan([
      block(0, '17:00', 0),
      block(24, '17:00', 0, { kind: 'final-review', topicIndexes: [0, 1] }),
    ]);
    expect(m9FinalReview(input, ok).missing).toEqual([]);
  });

  it('M10 compares first-half shares with the flag off and on', () => {
    // Maths: exam on day 25. Half a session of rounding is counted in the gain's favour.
    const even = plan([0, 4, 8, 12, 16, 20, 24].map((d) => block(d, '17:00', 0)));
    const early = plan([0, 1, 2, 3, 4, 5, 20].map((d) => block(d, '17:00', 0)));
    const r = m10FrontLoad(input, even, early);
    expect(r.subjects).toBe(1);
    expect(r.gain).toBeGreaterThan(0.2);
    expect(m10FrontLoad(input, even, even).gain).toBeCloseTo(1 / 14);
    // Art has no exam: it books a steady week, front-loading or not (Workload).
    const art = plan([0, 1, 2, 3, 4, 5, 20].map((d) => block(d, '17:00', 1)));
    expect(m10FrontLoad(input, art, art).subjects).toBe(0);
  });

  it('workloadWeeks measures weeks against the cap and the steadiness of a subject', () => {
    // Week 1: 15 h of free time (five 3-h days), 13 h booked: over the 80% cap (12 h).
    const busy = [0, 1, 2, 3, 4].flatMap((d) =>
      ['17:00', '18:00', d < 3 ? '19:00' : '20:00'].map((t) => block(d, t, 1)),
    );
    const r = workloadWeeks(input, plan([...busy, block(5, '17:00', 1)]));
    expect(r.cap).toBe(0.8);
    expect(r.weeks).toBe(4);
    expect(r.overCap).toBe(1);
    expect(r.worstExcess).toBeGreaterThan(0);
    // Art: 16 h in week 1, none after: not steady (median 0).
    expect(r.steadyRatios).toEqual([Number.POSITIVE_INFINITY]);
    const steady = plan(
      [0, 7, 14, 21].flatMap((d) => [block(d, '17:00', 1), block(d + 2, '17:00', 1)]),
    );
    expect(workloadWeeks(input, steady).steadyRatios).toEqual([1]);
  });

  it('M11 lists topics and files never used', () => {
    const r = m11Coverage(
      input,
      plan([block(0, '17:00', 0, { materials: [] }), block(1, '17:00', 1)]),
    );
    expect(r.missing).toEqual(['Maths: topic 1 never studied', 'Maths: file a.pdf never used']);
  });

  it('M12 sees past changes and counts future changes', () => {
    const before = plan([
      block(0, '17:00', 1),
      block(1, '17:00', 1),
      block(2, '17:00', 1),
      block(3, '17:00', 1),
    ]);
    const after = plan([
      block(0, '17:00', 1),
      block(2, '17:00', 1),
      block(3, '17:00', 1),
      block(4, '17:00', 1),
    ]);
    const r = m12Replan(input, before, after, 1);
    expect(r).toMatchObject({ pastChanged: 0, madeUp: true, roomLeft: true, futureChanged: 1 });
    expect(m12Replan(input, before, plan(after.blocks.slice(1)), 1).pastChanged).toBe(1);
  });
});
